import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// The first clone, as a new contributor makes it: `git clone`, `npm ci`, then the command. The
// install's prepare step compiles dist/, which the bin runs; a checkout installed without its
// scripts says in one line what to run, not a stack trace.
const run = promisify(execFile);
const NPM = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
const work = mkdtempSync(join(tmpdir(), 'service-contract-clone-'));
const clone = join(work, 'clone');

async function exec(file: string, args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  await run('git', ['clone', '--quiet', '--no-hardlinks', PROJECT_ROOT, clone]);
  const installed = await exec('npm', ['ci', ...NPM], clone);
  if (installed.code !== 0)
    throw new Error(`npm ci failed:\n${installed.stdout}${installed.stderr}`);
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

describe('a fresh clone after npm ci', () => {
  it('has dist/ built, and npx service-contract --help lists the commands', async () => {
    expect(existsSync(join(clone, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    const { code, stdout } = await exec(
      'npx',
      ['--no-install', 'service-contract', '--help'],
      clone,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: service-contract/);
    expect(stdout).toMatch(/conformance/);
  });

  it('without dist/, the bin says in one line what to run', async () => {
    rmSync(join(clone, 'dist'), { recursive: true, force: true });
    const { code, stdout, stderr } = await exec(
      process.execPath,
      [join(clone, 'bin', 'service-contract.js'), '--help'],
      clone,
    );
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr.trim().split('\n')).toEqual([
      'service-contract: dist/ is not built in this checkout; run `npm run build:dist` first',
    ]);
  });
});
