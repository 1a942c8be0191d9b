import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { watchImplementationStall } from '../../../src/conformance/timing/implementation-stall.ts';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server answering 401 after `delayOf(n)` ms for its n-th request; its base URL. */
async function answering(delayOf: (n: number) => number): Promise<string> {
  let n = 0;
  server = createServer((_, res) => {
    const delay = delayOf((n += 1));
    setTimeout(() => res.writeHead(401).end(), delay);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('watchImplementationStall', () => {
  it.each([
    // One answer held back 300 ms while the suite watched: a stall of about that.
    ['a pause of the implementation', (n: number) => (n === 3 ? 300 : 0), [250, 400]],
    // Every answer as slow as the others: the round trip, not a stall.
    ['a slow but steady round trip', () => 80, [0, 40]],
    ['prompt answers', () => 0, [0, 40]],
  ])('%s', async (_, delayOf, [low, high]) => {
    const probe = watchImplementationStall(await answering(delayOf));
    await sleep(600);
    const stall = await probe.stop();
    expect(stall).toBeGreaterThanOrEqual(low!);
    expect(stall).toBeLessThanOrEqual(high!);
  });
});
