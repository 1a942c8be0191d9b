import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { runCli, said, stop } from './cli-process.ts';
import { type ReferenceProcess, startReferenceProcess } from './reference-process.ts';

// One verdict, every time, in short: a verdict that changes with load is a false verdict. The whole
// suite at the latest version, generated requests included, once, while two processes keep both
// cores busy (two: the cores of these machines and of CI runners); the reference server conforms,
// so nothing may fail or be not testable. `npm run bench -- repeatability` runs every version,
// sharded too, several times over. The project "under load" of vitest.config.ts runs this file
// alone, after every other, so its load slows no other test.
const VERSION = loadVersionRegistry().latest;
const BUSY = 2;

let dir = '';
let server: ReferenceProcess | undefined;
const busy: ChildProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-under-load-'));
  server = await startReferenceProcess(dir, 'loaded');
  for (let i = 0; i < BUSY; i += 1)
    busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
});
afterAll(async () => {
  await Promise.all([...busy, ...(server ? [server.child] : [])].map(stop));
  await rm(dir, { recursive: true, force: true });
});

/** A result as the JSON report writes it. */
interface Result {
  check: string;
  version: string;
  status: string;
  reason?: string;
  diagnostics: Array<{ message: string }>;
}

describe('conformance with both cores busy', () => {
  it('the whole suite at the latest version, generated requests included, passes the reference server', async () => {
    const file = join(dir, 'loaded.json');
    const run = await runCli(
      'conformance',
      '--profile',
      server!.profile,
      '--version',
      VERSION,
      '--generate',
      '--seed',
      '4242',
      '--max-examples',
      '3',
      '--report',
      `json:${file}`,
    );
    const { results } = JSON.parse(await readFile(file, 'utf8')) as { results: Result[] };
    // Each false result with what it said, so a failure names the check and its message.
    const falses = results
      .filter((r) => r.status === 'failed' || r.status === 'not_testable')
      .map((r) => ({
        check: r.check,
        status: r.status,
        said: r.reason ?? r.diagnostics.map((d) => d.message).join('; '),
      }));
    expect(falses).toEqual([]);
    expect(run.code, said(run)).toBe(EXIT.ok);
    expect(results.length).toBeGreaterThan(40);
  }, 90_000);
});
