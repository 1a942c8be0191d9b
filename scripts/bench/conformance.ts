import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runVersions } from '../../src/conformance/runner.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startReference } from '../../src/reference/server.ts';
import { listVersions } from '../../src/versions.ts';
import { compileDist } from '../build/dist.ts';
import { own } from './owned-child.ts';

// Speed targets live here, never in tests. The whole suite against the reference server, every
// version at once, without --full-schedule; the baseline is the longest single check of the same
// run (HEALTH-03/04's day of failures at its scale, or DLV-08's real 3-second answer window),
// which no scheduling of the checks can beat.
const TARGET_RATIO = 3;
// Shards side by side (`--shard k/3`) against one server, as a CI matrix sharing one deployment
// runs them, but on this machine's cores: at most this much longer in all than one run.
const TARGET_SHARDS_RATIO = 1.3;
const SHARDS = 3;
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };

export async function run(): Promise<void> {
  await compileDist();
  const dataDir = await mkdtemp(join(tmpdir(), 'service-bench-conformance-'));
  const server = await startReference({
    dataDir,
    port: 0,
    timeScale: SCALE,
    triggerEvents: true,
    allowLocalDestinations: true,
  });
  try {
    const profile = profileOf(server.url, server.workspace, {
      timeScale: SCALE,
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    const versions = listVersions();
    const started = performance.now();
    const results = await runVersions(profile, versions);
    const wall = performance.now() - started;
    const longest = results.reduce((best, r) => (r.durationMs > best.durationMs ? r : best));
    const ratio = wall / longest.durationMs;
    const count = (status: string) => results.filter((r) => r.status === status).length;
    console.log(
      `conformance suite against the reference server (${results.length / versions.length} checks x ${versions.length} versions at once, time scale ${JSON.stringify(SCALE)})`,
    );
    console.log(`  all versions                ${Math.round(wall)} ms`);
    console.log(
      `  baseline: longest check     ${longest.durationMs} ms (${longest.check} at ${longest.version})`,
    );
    console.log(
      `  all versions = ${ratio.toFixed(2)}x the longest check (target at most ${TARGET_RATIO}x)`,
    );
    // The checks' own durations added up: how much of them running at once overlaps.
    const sum = results.reduce((total, r) => total + r.durationMs, 0);
    console.log(
      `  checks' durations added up ${sum} ms (${(sum / wall).toFixed(1)}x all versions)`,
    );
    console.log(
      `  ${count('passed')} passed, ${count('failed')} failed, ${count('not_testable')} not testable, ${count('not_applicable')} not applicable`,
    );
    await shardsAgainstOne(profile, dataDir);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The CLI as CI runs it, every version and generated requests: one run, then its 3 shards side by
 * side, each process timed from spawn to exit.
 */
async function shardsAgainstOne(profile: object, dir: string): Promise<void> {
  const file = join(dir, 'profile.json');
  await writeFile(file, JSON.stringify(profile));
  const args = ['conformance', '--profile', file, '--generate', '--seed', '20261126'];
  const more = ['--max-examples', '10'];
  const one = await timed(() => cli([...args, ...more]));
  const shards = await timed(() =>
    Promise.all(
      Array.from({ length: SHARDS }, (_, i) =>
        cli([...args, ...more, '--shard', `${i + 1}/${SHARDS}`]),
      ),
    ),
  );
  const codes = [one.value, ...shards.value].join(' ');
  console.log(`conformance CLI, every version, --generate --max-examples 10 (exit codes ${codes})`);
  console.log(`  one run                     ${Math.round(one.ms)} ms`);
  console.log(`  ${SHARDS} shards side by side      ${Math.round(shards.ms)} ms`);
  console.log(
    `  shards = ${(shards.ms / one.ms).toFixed(2)}x one run (target at most ${TARGET_SHARDS_RATIO}x)`,
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** The compiled CLI to its end; its exit code, and the lines of the checks that failed. */
function cli(args: string[]): Promise<number | null> {
  const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');
  const child = own(
    spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] }),
  );
  let progress = '';
  child.stderr!.on('data', (chunk: Buffer) => (progress += chunk));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      const failed = progress.split('\n').filter((line) => /^(FAILED|untestable)/.test(line));
      for (const line of failed) console.log(`  ${args.at(-1)}: ${line}`);
      resolve(code);
    }),
  );
}
