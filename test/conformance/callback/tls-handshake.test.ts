import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import {
  PLAIN_HTTP,
  type Receiver,
  startReceiver,
} from '../../../src/conformance/callback/receiver.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// Test-only certificate and key, signed by a test CA nobody trusts unless told (README beside them).
const TLS_DIR = join(PROJECT_ROOT, 'test', 'fixtures', 'callback-tls');
const tls = {
  cert: readFileSync(join(TLS_DIR, 'cert.pem')),
  key: readFileSync(join(TLS_DIR, 'key.pem')),
};
const ca = readFileSync(join(TLS_DIR, 'ca.pem'));

/** A POST over HTTPS to the receiver, trusting `trusted` (none: the system's CAs only). */
function post(port: number, path: string, trusted?: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', ...(trusted ? { ca: trusted } : {}) },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end('{}');
  });
}

/** Bytes sent straight to the port, then the connection closed: no TLS at all. */
async function raw(port: number, bytes: string): Promise<void> {
  const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
  await new Promise((resolve) => socket.on('close', resolve));
}

// The receiver sees what the implementation cannot tell the suite: a handshake it broke off.
describe('the HTTPS receiver counts failed TLS handshakes', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ tls });
  });
  afterAll(() => receiver.close());

  it.each<[string, { send: (port: number, path: string) => Promise<unknown>; want: string[] }]>([
    [
      'a sender that does not trust the certificate',
      {
        send: (port, path) => post(port, path),
        want: ['the sender closed the connection mid-handshake'],
      },
    ],
    ['a sender that trusts it', { send: (port, path) => post(port, path, ca), want: [] }],
    [
      'plain HTTP to the HTTPS port',
      { send: (port) => raw(port, 'POST / HTTP/1.1\r\n\r\n'), want: [PLAIN_HTTP] },
    ],
    ['a probe that connects and closes', { send: (port) => raw(port, ''), want: [] }],
  ])('%s', async (_, { send, want }) => {
    const hook = receiver.hook(() => ({ status: 204 }));
    const from = performance.now();
    await send(receiver.port, new URL(hook.url).pathname);
    // The server's side of a broken handshake can end after the client's.
    await sleep(100);
    expect(receiver.handshakesFailedSince(from)).toEqual(want);
    receiver.remove(hook);
  });
});

// Before #33 this said "no delivery arrived within 5 s" and nothing about TLS.
describe('a delivery check against an implementation that does not trust --callback-cert', () => {
  const reference = useReferenceServer({ triggerEvents: true, timeScale: 600 });

  it('names the failed handshakes as the likely cause', async () => {
    const profile = profileOf(reference.server.url, reference.server.workspace, {
      triggerEvents: true,
      timeScale: 600,
      allowLocalDestinations: true,
    });
    const checks = CHECKS.filter(([id]) => id === 'dlv-01-post');
    const [result] = await runConformance(profile, '2026-08-25', { checks, callback: { tls } });
    expect(result?.status).toBe('failed');
    expect(result?.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^no delivery arrived within 5 s; the suite's receiver saw \d+ TLS handshakes? fail \(the sender closed the connection mid-handshake\): the implementation may not trust the certificate given with --callback-cert$/,
      ),
    ]);
  });
});
