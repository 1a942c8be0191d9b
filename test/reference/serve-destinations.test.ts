import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runNode } from '../cli/cli-process.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// `serve --allow-local-destinations`: the opt-in of a local environment (SUB-03), in the process
// and in the profile it prints and writes. Runs the compiled CLI (dist/).
const children: ChildProcess[] = [];
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-serve-destinations-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const subscribeLoopback = (url: string) =>
  fetch(`${url}/v1/webhook.subscribe`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-2026-08-25', 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'meeting.ended', url: 'http://127.0.0.1:9999/hook' }),
  });

describe('serve --allow-local-destinations', () => {
  it.each([
    [
      'without it, loopback is refused and the profile says so',
      { flags: [], status: 400, plainHttpDestinations: 'none' },
    ],
    [
      'with it, loopback is accepted and the profile says so',
      { flags: ['--allow-local-destinations'], status: 200, plainHttpDestinations: 'local' },
    ],
  ])('%s', async (_, { flags, status, plainHttpDestinations }) => {
    const data = join(dir, `data-${flags.length}`);
    const { child, urls } = await spawnListening([
      BIN,
      'serve',
      '--port',
      '0',
      '--data',
      data,
      ...flags,
    ]);
    children.push(child);
    expect((await subscribeLoopback(urls['listening on']!)).status).toBe(status);
    const printed = await runNode([BIN, 'serve', '--print-profile', '--port', '4030', ...flags]);
    expect(JSON.parse(printed.stdout)).toMatchObject({ plainHttpDestinations });
  });
});
