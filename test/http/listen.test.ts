import { type AddressInfo, type Server, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortUnavailableError, explainPort, holdPort, listen, probePort } from '../../src/http/listen.ts';

// A port this test holds itself, so every way of binding it meets EADDRINUSE.
let occupier: Server;
let busy = 0;
beforeAll(async () => {
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  busy = (occupier.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

/** A port free a moment ago: bound on port 0, then closed. */
async function freePort(): Promise<number> {
  const server = await listen(async () => {}, { port: 0 }, 'test');
  await server.close();
  return Number(new URL(server.url).port);
}

const binders: Array<[string, (port: number) => Promise<unknown>]> = [
  ['listen', (port) => listen(async () => {}, { port }, 'test')],
  ['holdPort', (port) => holdPort(port)],
  ['probePort', (port) => probePort(port)],
];

describe('binding a busy port', () => {
  it.each(binders)('%s rejects with PortUnavailableError naming host and port', async (_, bind) => {
    const error = await bind(busy).then(() => undefined, (rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect(error).toMatchObject({ code: 'EADDRINUSE', host: '127.0.0.1', port: busy, message: `port ${busy} on 127.0.0.1 is in use` });
  });
});

describe('checking a free port', () => {
  // Each leaves the port free again, or the server started after the check could not bind it.
  const checks: Array<[string, (port: number) => Promise<unknown>]> = [
    ['probePort releases it', (port) => probePort(port)],
    ['holdPort releases it when asked', async (port) => (await holdPort(port))()],
  ];
  it.each(checks)('%s', async (_, check) => {
    const port = await freePort();
    await check(port);
    const again = await listen(async () => {}, { port }, 'test');
    expect(again.url).toBe(`http://127.0.0.1:${port}`);
    await again.close();
  });

  it('holdPort keeps it until released, so three ports can be checked at once', async () => {
    const port = await freePort();
    const release = await holdPort(port);
    await expect(probePort(port)).rejects.toBeInstanceOf(PortUnavailableError);
    await release();
    await expect(probePort(port)).resolves.toBeUndefined();
  });
});

describe('explainPort', () => {
  const other = new Error('something else');
  const cases: Array<[string, unknown, string]> = [
    ['a busy port becomes the line naming the option', new PortUnavailableError('EADDRINUSE', '127.0.0.1', 4010), 'port 4010 on 127.0.0.1 is in use: choose another with --mock-port <n>'],
    ['a privileged port says so', new PortUnavailableError('EACCES', '0.0.0.0', 80), 'port 80 on 0.0.0.0 needs privileges this user lacks: choose another with --mock-port <n>'],
    ['any other error passes unchanged', other, 'something else'],
  ];
  it.each(cases)('%s', (_, error, line) => {
    let thrown: unknown;
    try {
      explainPort('--mock-port')(error);
    } catch (caught) {
      thrown = caught;
    }
    expect((thrown as Error).message).toBe(line);
    if (error === other) expect(thrown).toBe(other);
  });
});
