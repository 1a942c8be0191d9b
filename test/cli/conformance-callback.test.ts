import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { runMain } from '../support/run-main.ts';
import { freePort, startForwarder } from '../support/tcp-forwarder.ts';
import { BIN, startNode, stop } from './cli-process.ts';

// A deployment on another host reaches the suite's receiver at another address than the one it
// binds (a tunnel, a CI service hostname): --callback-listen and --callback-url. A TCP forwarder
// stands for the tunnel; deliveries that arrive show they went through it.
const TLS = join(PROJECT_ROOT, 'test', 'fixtures', 'callback-tls');
const VERSION = '2026-08-25';
const DELIVERY_CHECKS = 'DLV-01,DLV-02,DLV-03';
const local = useReferenceServer({ triggerEvents: true, timeScale: 600 });
let dir = '';
let profileFile = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-callback-'));
  profileFile = join(dir, 'profile.json');
  const options = { triggerEvents: true, timeScale: 600, allowLocalDestinations: true };
  const profile = profileOf(local.server.url, local.server.workspace, options);
  await writeFile(profileFile, JSON.stringify(profile));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('conformance --callback-*: usage errors exit 2 with one line', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a listen address without a port', ['--callback-listen', '0.0.0.0'], /takes <host>:<port>/],
    ['a port over 65535', ['--callback-listen', '127.0.0.1:70000'], /over 65535/],
    ['a callback URL of another scheme', ['--callback-url', 'ftp://x.example'], /http or https/],
    ['a callback URL with a query', ['--callback-url', 'https://x.example/?a=1'], /query/],
    ['a callback URL with an empty query', ['--callback-url', 'https://x.example/?'], /query/],
    ['a callback URL with a fragment', ['--callback-url', 'https://x.example/#a'], /fragment/],
    ['a relative callback URL', ['--callback-url', '/hooks'], /not an absolute URL/],
    [
      'a callback URL over 1000 characters',
      ['--callback-url', `https://x.example/${'a'.repeat(1000)}`],
      /over 1000 characters/,
    ],
    [
      'a certificate without its key',
      ['--callback-cert', join(TLS, 'cert.pem')],
      /both or neither/,
    ],
    [
      'a key that is not the certificate',
      ['--callback-cert', join(TLS, 'cert.pem'), '--callback-key', join(TLS, 'ca.pem')],
      /not a PEM certificate and its private key/,
    ],
    [
      'a certificate file that is missing',
      ['--callback-cert', join(TLS, 'nope.pem'), '--callback-key', join(TLS, 'key.pem')],
      /cannot read .*ENOENT/,
    ],
  ];
  it.each(cases)('%s', async (_, extra, message) => {
    const { code, output } = await runMain('conformance', '--profile', profileFile, ...extra);
    expect([code, output.split('\n').length]).toEqual([EXIT.usage, 1]);
    expect(output).toMatch(message);
    expect(output).not.toMatch(/\n\s+at /);
  });

  // Refused for the combination, before any file the options name is read.
  it('--callback-* with --receiver, whatever files they name', async () => {
    const { code, output } = await runMain(
      'conformance',
      '--receiver',
      'http://127.0.0.1:9/hook',
      '--secret',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      '--callback-cert',
      '/nope/cert.pem',
      '--callback-key',
      '/nope/key.pem',
    );
    expect([code, output.split('\n').length]).toEqual([EXIT.usage, 1]);
    expect(output).toMatch(/with --receiver it sends them/);
  });

  it('a listen port in use', async () => {
    const busy = await startForwarder({ port: 9 });
    try {
      const { code, output } = await runMain(
        'conformance',
        '--profile',
        profileFile,
        '--callback-listen',
        `127.0.0.1:${busy.port}`,
      );
      expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(/cannot listen there/)]);
    } finally {
      await busy.close();
    }
  });
});

/** Runs the delivery checks with the receiver on `listen`, told to the implementation as `url`. */
async function runDeliveryChecks(profile: string, callback: string[]) {
  const { code, output } = await runMain(
    'conformance',
    '--profile',
    profile,
    '--version',
    VERSION,
    '--only',
    DELIVERY_CHECKS,
    ...callback,
  );
  return { code, output };
}

describe('conformance --callback-url: deliveries through another address of the receiver', () => {
  it('over plain HTTP: every delivery comes through the forwarder, and the checks pass', async () => {
    const listen = await freePort();
    const tunnel = await startForwarder({ port: listen });
    try {
      const { code, output } = await runDeliveryChecks(profileFile, [
        '--callback-listen',
        `127.0.0.1:${listen}`,
        '--callback-url',
        `${tunnel.url}/suite/`,
      ]);
      expect(output).toMatch(/passed +2026-08-25 +dlv-01-post/);
      expect(output).toMatch(/passed +2026-08-25 +dlv-03-signature/);
      expect(code).toBe(EXIT.ok);
      expect(tunnel.connections()).toBeGreaterThan(0);
    } finally {
      await tunnel.close();
    }
  });
});

describe('conformance --generate --callback-url: the delivery watch through the forwarder', () => {
  it('receives the event it sets off through the forwarder', async () => {
    const listen = await freePort();
    const tunnel = await startForwarder({ port: listen });
    try {
      const { code, output } = await runMain(
        'conformance',
        '--profile',
        profileFile,
        '--version',
        VERSION,
        '--only',
        'generated',
        '--max-examples',
        '1',
        '--seed',
        '1',
        '--callback-listen',
        `127.0.0.1:${listen}`,
        '--callback-url',
        tunnel.url,
      );
      expect(output).toMatch(/DLV-12 +passed +generated deliveries/);
      expect(output).toMatch(/set off through the event trigger showed the watch would have/);
      expect(code).toBe(EXIT.ok);
      expect(tunnel.connections()).toBeGreaterThan(0);
    } finally {
      await tunnel.close();
    }
  });
});

describe('conformance --callback-url https: the receiver over TLS', () => {
  let server: ChildProcess | undefined;
  let strictProfile = '';
  beforeAll(async () => {
    // The reference server in its own process, trusting the test CA the receiver's certificate is
    // signed by: its delivery client verifies the certificate as for any HTTPS destination.
    const written = join(dir, 'tls-profile.json');
    const started = await startNode(
      [
        BIN,
        'serve',
        '--port',
        '0',
        '--data',
        join(dir, 'tls-data'),
        '--profile-out',
        written,
        '--time-scale',
        '600',
        '--trigger-events',
        '--allow-local-destinations',
      ],
      /listening on/,
      30_000,
      { ...process.env, NODE_EXTRA_CA_CERTS: join(TLS, 'ca.pem') },
    );
    server = started.child;
    // HTTPS needs no plain-HTTP destination: the profile's `none` does not stop the checks.
    const profile = JSON.parse(await readFile(written, 'utf8'));
    strictProfile = join(dir, 'tls-none.json');
    await writeFile(strictProfile, JSON.stringify({ ...profile, plainHttpDestinations: 'none' }));
  });
  afterAll(async () => {
    if (server) await stop(server);
  });

  it('delivers over HTTPS through the forwarder though the profile takes no plain HTTP', async () => {
    const listen = await freePort();
    const tunnel = await startForwarder({ port: listen });
    try {
      const { code, output } = await runDeliveryChecks(strictProfile, [
        '--callback-listen',
        `127.0.0.1:${listen}`,
        '--callback-url',
        `https://localhost:${tunnel.port}`,
        '--callback-cert',
        join(TLS, 'cert.pem'),
        '--callback-key',
        join(TLS, 'key.pem'),
      ]);
      expect(output).toMatch(/passed +2026-08-25 +dlv-01-post/);
      expect(output).toMatch(/passed +2026-08-25 +dlv-03-signature/);
      expect(code).toBe(EXIT.ok);
      expect(tunnel.connections()).toBeGreaterThan(0);
    } finally {
      await tunnel.close();
    }
  });
});
