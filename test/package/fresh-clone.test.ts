import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// The first clone, as a new contributor makes it: `git clone`, `npm ci`, then the command. `npm ci`
// installs the locked packages, then runs the package's `prepare` script, which compiles dist/ for
// the bin. Here the clone links this checkout's installed packages instead of extracting them all
// again (a minute of CPU on two cores), and npm runs `prepare` as `npm ci` does: what is under test
// is the checkout's own script and bin; .ci/run makes the real `npm ci` on a clean clone. A checkout
// installed without its scripts says in one line what to run, not a stack trace.
const run = promisify(execFile);
const NPM = ['--no-audit', '--no-fund', '--loglevel=error'];
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
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const prepared = await exec('npm', ['run', 'prepare', ...NPM], clone);
  if (prepared.code !== 0)
    throw new Error(`npm run prepare failed:\n${prepared.stdout}${prepared.stderr}`);
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

describe('a fresh clone after npm ci (its prepare script)', () => {
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
