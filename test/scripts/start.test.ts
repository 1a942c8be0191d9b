import type { ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { seedWorkspace } from '../../src/reference/fixtures.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { runNode, startNode, stop } from '../cli/cli-process.ts';

// `npm start` as a user runs it (without the build step, which would rewrite generated/ while other
// tests read it): it prints the docs, mock and reference URLs, and each answers.
let child: ChildProcess;
let stdout = '';
const urls: Record<string, string> = {};
let dataDir = '';
const START = ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'start.ts')];
/** Written by the docs step of the start above; rewritten only if a start gets that far. */
const SITE_INDEX = join(PROJECT_ROOT, 'site', 'index.html');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-start-'));
  const args = [
    ...START,
    '--docs-port',
    '0',
    '--mock-port',
    '0',
    '--reference-port',
    '0',
    '--data',
    dataDir,
    '--skip-build',
  ];
  // Until the last line of the credentials block under `reference:`.
  ({ child, stdout } = await startNode(args, /^ {2}users: .*\n/m));
  for (const name of ['docs', 'mock', 'reference'])
    urls[name] = new RegExp(`^${name}: (http://[^\\s/]+)`, 'm').exec(stdout)![1]!;
}, 120_000);
afterAll(async () => {
  if (child) await stop(child);
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the docs site', async () => {
    const landing = await fetch(`${urls.docs}/index.html`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<table id="versions">');
    expect((await fetch(`${urls.docs}/v1-2026-08-25.html`)).status).toBe(200);
  });

  it('serves the versioned mock (VER-03)', async () => {
    const answer = await fetch(`${urls.mock}/v1/webhook.list`, {
      headers: { authorization: 'Bearer mock-2026-08-25' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('service-version')).toBe('2026-08-25');
  });

  it('serves the reference server, with its store under --data (SUB-07)', async () => {
    const answer = await fetch(`${urls.reference}/v1/webhook.list`, {
      headers: { authorization: 'Bearer sk-2026-07-07' },
    });
    expect([answer.status, answer.headers.get('service-version')]).toEqual([200, '2026-07-07']);
    expect((await answer.json()).webhooks).toEqual([expect.objectContaining({ dynamic: false })]);
  });

  it('prints the seeded credentials under its reference line, as serve does', () => {
    const block = stdout
      .slice(stdout.indexOf('\nreference: ') + 1)
      .split('\n')
      .slice(1, 6);
    const profile = profileOf(urls.reference!, seedWorkspace());
    const named = [
      ...profile.credentials.map((c) => c.token),
      ...profile.oauthClients.map((c) => c.id),
      profile.signingSecret,
      profile.fixtures.users.member,
    ];
    for (const value of named) expect(block.join('\n')).toContain(value);
    expect(block.every((line) => line.startsWith('  '))).toBe(true);
  });
});

// A busy port is found before the build and the docs, which take half a minute: one line naming the
// option, exit 1, and site/ (which only npm start writes) not rebuilt. --skip-build keeps
// generated/ untouched should the check ever come too late.
describe('npm start on a busy port', () => {
  let occupier: Server;
  let busy = 0;
  let free = 0;
  beforeAll(async () => {
    occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
    busy = (occupier.address() as AddressInfo).port;
    // A port free a moment ago: bound on port 0, then closed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    free = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

  const flags = ['--docs-port', '--mock-port', '--reference-port'] as const;
  const cases: Array<
    [string, () => Record<(typeof flags)[number], number>, (typeof flags)[number]]
  > = [
    [
      '--docs-port busy',
      () => ({ '--docs-port': busy, '--mock-port': 0, '--reference-port': 0 }),
      '--docs-port',
    ],
    [
      '--mock-port busy',
      () => ({ '--docs-port': 0, '--mock-port': busy, '--reference-port': 0 }),
      '--mock-port',
    ],
    [
      '--reference-port busy',
      () => ({ '--docs-port': 0, '--mock-port': 0, '--reference-port': busy }),
      '--reference-port',
    ],
    // The ports are checked all held at once, so one port given twice is caught as well.
    [
      'one free port given twice',
      () => ({ '--docs-port': 0, '--mock-port': free, '--reference-port': free }),
      '--reference-port',
    ],
  ];
  it.each(cases)(
    '%s: names the port and the option, exits 1 before the docs step',
    async (_, ports, flag) => {
      const given = ports();
      const site = statSync(SITE_INDEX);
      const result = await runNode([
        ...START,
        ...flags.flatMap((f) => [f, String(given[f])]),
        '--data',
        join(dataDir, 'never'),
        '--skip-build',
      ]);
      expect(result.stdout + result.stderr).toBe(
        `port ${given[flag]} on 127.0.0.1 is in use: choose another with ${flag} <n>\n`,
      );
      expect(result.code).toBe(1);
      expect(statSync(SITE_INDEX)).toMatchObject({ ino: site.ino, mtimeMs: site.mtimeMs });
    },
    30_000,
  );
});
