import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/conformance/profile/profile.ts';
import { BIN, runNode, startNode, stop } from './cli-process.ts';

// The reference server as a test harness starts it: a real process with the trigger and a time
// scale.
let child: ChildProcess;
let dir = '';
let stdout = '';
let profile = {} as Profile;
const FLAGS = ['--time-scale', '600', '--trigger-events'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-serve-'));
  const file = join(dir, 'profile.json');
  const args = [
    'serve',
    '--port',
    '0',
    '--data',
    join(dir, 'data'),
    '--profile-out',
    file,
    ...FLAGS,
  ];
  // Until the last line of the credentials block.
  ({ child, stdout } = await startNode([BIN, ...args], /^ {2}users: .*\n/m, 50_000));
  profile = JSON.parse(await readFile(file, 'utf8'));
}, 60_000);
afterAll(async () => {
  if (child) await stop(child);
  await rm(dir, { recursive: true, force: true });
});

describe('service-contract serve --time-scale --trigger-events', () => {
  it('writes the trigger and the time scale into the profile', () => {
    expect(profile).toMatchObject({
      timeScale: 600,
      eventTrigger: `${profile.baseUrl}/reference/events`,
      signingSecret: expect.stringMatching(/^whsec_/),
    });
  });

  it('accepts an event at the trigger', async () => {
    const answer = await fetch(profile.eventTrigger as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'meeting.ended', data: {} }),
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ ok: true, deliveries: 0, debounced: false });
  });
});

describe('service-contract serve prints the seeded workspace', () => {
  it('keeps its first line as harnesses parse it', () => {
    expect(stdout.split('\n')[0]).toBe(
      `reference server listening on ${profile.baseUrl} (data in ${join(dir, 'data')})`,
    );
  });

  // Every value a newcomer needs to call the server, as the conformance profile names it.
  const named: Array<[string, (p: Profile) => string[]]> = [
    ['every credential', (p) => p.credentials.map((c) => c.token)],
    [
      'the OAuth clients, the secret and the redirect URI',
      (p) => p.oauthClients.flatMap((c) => [c.id, c.secret ?? c.id, ...c.redirectUris]),
    ],
    ['the signing secret', (p) => [p.signingSecret]],
    [
      'the users',
      (p) => [p.fixtures.users.member, p.fixtures.users.otherMember, p.fixtures.users.app],
    ],
  ];
  it.each(named)('names %s in a short indented block', (_, values) => {
    const block = stdout.split('\n').slice(1).filter(Boolean);
    expect(block.length).toBeLessThanOrEqual(6);
    expect(block.every((line) => line.startsWith('  '))).toBe(true);
    for (const value of values(profile)) expect(block.join('\n')).toContain(value);
  });
});

describe('service-contract serve --print-profile', () => {
  it('prints what --profile-out wrote for the same options, and serves nothing', async () => {
    const data = join(dir, 'print-data');
    const result = await runNode([
      BIN,
      'serve',
      '--print-profile',
      '--port',
      new URL(profile.baseUrl).port,
      '--data',
      data,
      ...FLAGS,
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(profile);
    expect(existsSync(data)).toBe(false);
  });

  it('refuses port 0, which names no port until a server starts', async () => {
    const result = await runNode([BIN, 'serve', '--print-profile', '--port', '0']);
    expect([result.code, result.stderr]).toEqual([
      2,
      '--print-profile needs the --port the server runs on, not 0\n',
    ]);
  });
});
