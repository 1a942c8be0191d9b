import { type AddressInfo, type Server, createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PortUnavailableError,
  explainPort,
  holdPort,
  listen,
  probePort,
} from '../../src/http/listen.ts';

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
    const error = await bind(busy).then(
      () => undefined,
      (rejected: unknown) => rejected,
    );
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect(error).toMatchObject({
      code: 'EADDRINUSE',
      host: '127.0.0.1',
      port: busy,
      message: `port ${busy} on 127.0.0.1 is in use`,
    });
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
    [
      'a busy port becomes the line naming the option',
      new PortUnavailableError('EADDRINUSE', '127.0.0.1', 4010),
      'port 4010 on 127.0.0.1 is in use: choose another with --mock-port <n>',
    ],
    [
      'a privileged port says so',
      new PortUnavailableError('EACCES', '0.0.0.0', 80),
      'port 80 on 0.0.0.0 needs privileges this user lacks: choose another with --mock-port <n>',
    ],
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

describe('a handler that throws', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.SERVICE_CONTRACT_DEBUG;
  });
  const cases: Array<[string, { debug: boolean; stackInLog: boolean }]> = [
    [
      'answers 500 in the spec shape and logs what failed, without the stack or file paths',
      { debug: false, stackInLog: false },
    ],
    [
      'logs the stack only when SERVICE_CONTRACT_DEBUG asks for it',
      { debug: true, stackInLog: true },
    ],
  ];
  it.each(cases)('%s', async (_, { debug, stackInLog }) => {
    if (debug) process.env.SERVICE_CONTRACT_DEBUG = '1';
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line));
    const server = await listen(
      async () => {
        throw new TypeError('boom');
      },
      { port: 0 },
      'test',
    );
    try {
      const response = await fetch(`${server.url}/v1/webhook.list?token=secret`);
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ ok: false, error: 'internal_error' });
      expect(text).not.toMatch(/ at |\.ts|\.js/);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^test: GET \/v1\/webhook\.list failed \(TypeError: boom\)/);
      expect(logged[0]).not.toContain('secret');
      expect(/\n\s+at /.test(logged[0]!)).toBe(stackInLog);
    } finally {
      await server.close();
    }
  });
});
