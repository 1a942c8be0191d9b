import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// The reference server as a test harness starts it: a real process with the trigger and a time scale.
let child: ChildProcess;
let dir = '';
let profile: Record<string, unknown> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-serve-'));
  const file = join(dir, 'profile.json');
  const args = ['serve', '--port', '0', '--data', join(dir, 'data'), '--profile-out', file, '--time-scale', '600', '--trigger-events'];
  child = (await spawnListening([join(PROJECT_ROOT, 'bin', 'service-contract.js'), ...args])).child;
  profile = JSON.parse(await readFile(file, 'utf8'));
}, 60_000);
afterAll(async () => {
  child.kill();
  await rm(dir, { recursive: true, force: true });
});

describe('service-contract serve --time-scale --trigger-events', () => {
  it('writes the trigger and the time scale into the profile', () => {
    expect(profile).toMatchObject({ timeScale: 600, eventTrigger: `${profile.baseUrl}/reference/events`, signingSecret: expect.stringMatching(/^whsec_/) });
  });

  it('accepts an event at the trigger', async () => {
    const answer = await fetch(profile.eventTrigger as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'meeting.ended', data: {} }) });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ ok: true, deliveries: 0, debounced: false });
  });
});
