import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';
import { runNode } from './cli-process.ts';

// The mock as a user starts it: a real process, stopped by the test.
let child: ChildProcess;
let url = '';
let dir = '';
const BIN = join(PROJECT_ROOT, 'bin', 'service-contract.js');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-mock-'));
  const started = await spawnListening([
    BIN,
    'mock',
    '--port',
    '0',
    '--sunset',
    '2026-06-01',
    '--deprecate',
    '2026-07-07=2027-07-07',
    '--profile-out',
    join(dir, 'mock-profile.json'),
  ]);
  child = started.child;
  url = started.urls['listening on']!;
}, 60_000);
afterAll(async () => {
  child.kill();
  await rm(dir, { recursive: true, force: true });
});

describe('service-contract mock', () => {
  const cases: Array<[string, { token: string; status: number; deprecation: string | null }]> = [
    [
      'VER-05: --sunset makes a pinned version answer 410',
      { token: 'mock-2026-06-01', status: 410, deprecation: null },
    ],
    [
      'VER-05: --deprecate adds Deprecation and Sunset',
      { token: 'mock-2026-07-07', status: 200, deprecation: 'true' },
    ],
    [
      'a current version answers normally',
      { token: 'mock-2026-08-25', status: 200, deprecation: null },
    ],
  ];
  it.each(cases)('%s', async (_, { token, status, deprecation }) => {
    const response = await fetch(`${url}/v1/webhook.list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('deprecation')).toBe(deprecation);
    if (deprecation) expect(response.headers.get('sunset')).toBe('Wed, 07 Jul 2027 00:00:00 GMT');
  });
});

describe('service-contract mock --profile-out', () => {
  it('writes a profile of this mock: its URL, its tokens, its lifecycle', async () => {
    const profile = JSON.parse(await readFile(join(dir, 'mock-profile.json'), 'utf8'));
    expect(profile.baseUrl).toBe(url);
    expect(profile.credentials.map((c: { token: string }) => c.token)).toContain('mock-2026-08-25');
    expect(profile.lifecycle).toEqual({ deprecated: ['2026-07-07'], sunset: ['2026-06-01'] });
  });

  // README, "Conformance against the mock": the profile drives the suite as written.
  it('drives the conformance suite against the mock', async () => {
    const run = await runNode([
      BIN,
      'conformance',
      '--profile',
      join(dir, 'mock-profile.json'),
      '--version',
      '2026-08-25',
      '--only',
      'VER-02,VER-03,VER-04,VER-05',
    ]);
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/\d+ results \(1 versions?\): \d+ passed, 0 failed/);
  }, 60_000);
});
