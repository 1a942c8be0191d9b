import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';
import { freePort, startForwarder } from '../../support/tcp-forwarder.ts';

// Retry waits at 600 times real time: the first, 1 s, is 1.7 ms, shorter than any network's round
// trip between the implementation and the receiver.
const timeScale = 600;
const reference = useReferenceServer({ triggerEvents: true, timeScale });
const links: Array<Awaited<ReturnType<typeof startForwarder>>> = [];
let listen = 0;
beforeAll(async () => {
  // 40 ms each way on both links: the suite to the server, the server to the receiver.
  listen = await freePort();
  links.push(await startForwarder({ port: Number(new URL(reference.server.url).port) }, 40));
  links.push(await startForwarder({ port: listen }, 40));
});
afterAll(() => Promise.all(links.map((link) => link.close())));

describe('dlv-07 with the receiver across a slow network', () => {
  it('says the round trip, not the implementation, made the first wait late, and which time scale would do', async () => {
    const [api, callback] = links;
    const profile = profileOf(api!.url, reference.server.workspace, {
      triggerEvents: true,
      timeScale,
      allowLocalDestinations: true,
    });
    const checks = CHECKS.filter(([id]) => id === 'dlv-07-waits');
    const [result] = await runConformance(profile, '2026-08-25', {
      checks,
      callback: { port: listen, url: callback!.url },
    });
    expect(result?.diagnostics).toEqual([]);
    expect(result?.status).toBe('not_testable');
    expect(result?.reason).toMatch(
      /^gaps late by no more than the ~\d+ ms round trip to the implementation .* against waits of 1\.7 ms and more, so they cannot be judged/,
    );
    expect(result?.reason).toMatch(/the policy waits: \d+ ms/);
    expect(result?.reason).toMatch(
      /your implementation's retries runs at 600x \(profile `timeScale.retries`\); a scale of at most \d+ leaves room, with --full-schedule/,
    );
    expect(result?.reason).not.toMatch(/serve|--time-scale/);
    expect(result?.remedy).toEqual([
      { clock: 'retries', now: 600, atMost: expect.any(Number), waitMs: 661_000 },
    ]);
  });
});
