import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { groupBy } from '../../src/group-by.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { compileDist } from '../build/dist.ts';
import { own } from './owned-child.ts';

// One verdict, every time: a verdict that changes with load or sharding is a false verdict. The
// reference server conforms, so every result of the suite against it that failed or could not be
// tested is a false one. The whole suite at every version with generated requests, as CI runs it,
// while two processes keep both cores busy: as one run, and as 3 shards side by side against one
// server, `--runs` times over (3 by default; `npm run bench -- repeatability --runs 10`). The
// target is no false result at all. The baseline: one run of each kind without the busy processes,
// in the same invocation (so on the same machine, as loaded as it otherwise is); each loaded run's
// wall time is printed against it.
const BIN = join(PROJECT_ROOT, 'bin', 'service-contract.js');
const SCALE = 'retries=3600,debounce=50,failStreak=43200';
const SUITE = ['--version', 'all', '--generate', '--seed', '4242', '--max-examples', '10'];
const SHARDS = 3;
/** Processes that keep the cores busy: two, as many as the CI runners' and these machines' cores. */
const BUSY = 2;
const DEFAULT_RUNS = 3;

/** A result as the JSON report writes it: what a false one needs to be told apart and shown. */
interface Result {
  check: string;
  version: string;
  status: string;
  reason?: string;
  diagnostics: Array<{ message: string; severity: string }>;
}

/** One run: its wall time, the exit codes of its processes (and its merge), its results. */
interface Run {
  ms: number;
  codes: Array<number | null>;
  results: Result[];
  /** The machine's load average over the minute before the run began. */
  load: number;
}

type Kind = 'one run' | `${typeof SHARDS} shards`;

/** A run as printed: what it was, and the unloaded run of its kind it is compared with. */
interface Labelled {
  label: string;
  run: Run;
  base: Run;
}

export async function run(): Promise<void> {
  const runs = runsOption();
  await compileDist();
  const dir = await mkdtemp(join(tmpdir(), 'service-bench-repeatability-'));
  try {
    const base: Record<Kind, Run> = {
      'one run': await whole(dir, 'base'),
      [`${SHARDS} shards`]: await sharded(dir, 'base-shards'),
    };
    const printed: Labelled[] = Object.entries(base).map(([kind, run]) => ({
      label: `unloaded, ${kind}`,
      run,
      base: run,
    }));
    const busy = Array.from({ length: BUSY }, () =>
      own(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' })),
    );
    try {
      for (let i = 1; i <= runs; i += 1) {
        const one = await whole(dir, `whole-${i}`);
        printed.push({ label: `loaded ${i}, one run`, run: one, base: base['one run'] });
        const shards = await sharded(dir, `shards-${i}`);
        printed.push({
          label: `loaded ${i}, ${SHARDS} shards`,
          run: shards,
          base: base[`${SHARDS} shards`],
        });
      }
    } finally {
      await Promise.all(busy.map(end));
    }
    print(runs, printed);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `--runs N` after the benchmark's name, a whole number from 1; else DEFAULT_RUNS. */
function runsOption(): number {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { runs: { type: 'string' } },
    strict: false,
  });
  const runs = Number(values.runs ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs takes a whole number from 1, not ${String(values.runs)}`);
  return runs;
}

/** The whole suite in one process against a reference server of its own. */
async function whole(dir: string, name: string): Promise<Run> {
  const server = await reference(dir, name);
  try {
    const file = join(dir, `${name}.json`);
    const load = loadavg()[0]!;
    const started = performance.now();
    const code = await cli([
      'conformance',
      '--profile',
      server.profile,
      ...SUITE,
      '--report',
      `json:${file}`,
    ]);
    const ms = performance.now() - started;
    return { ms, codes: [code], results: await resultsOf([file]), load };
  } finally {
    await end(server.child);
  }
}

/** The suite's 3 shards side by side against one reference server, then their merge. */
async function sharded(dir: string, name: string): Promise<Run> {
  const server = await reference(dir, name);
  try {
    const files = Array.from({ length: SHARDS }, (_, i) => join(dir, `${name}-${i + 1}.json`));
    const load = loadavg()[0]!;
    const started = performance.now();
    const codes = await Promise.all(
      files.map((file, i) =>
        cli([
          'conformance',
          '--profile',
          server.profile,
          ...SUITE,
          '--shard',
          `${i + 1}/${SHARDS}`,
          '--report',
          `json:${file}`,
        ]),
      ),
    );
    const ms = performance.now() - started;
    codes.push(await cli(['report', 'merge', ...files]));
    return { ms, codes, results: await resultsOf(files), load };
  } finally {
    await end(server.child);
  }
}

/** A reference server started as users start it, with its data and profile in `dir`. */
function reference(dir: string, name: string): Promise<{ child: ChildProcess; profile: string }> {
  const profile = join(dir, `${name}-profile.json`);
  const args = [
    'serve',
    '--port',
    '0',
    '--data',
    join(dir, `${name}-data`),
    '--profile-out',
    profile,
  ];
  const flags = ['--time-scale', SCALE, '--trigger-events', '--allow-local-destinations'];
  const child = own(
    spawn(process.execPath, [BIN, ...args, ...flags], { stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  let printed = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk;
      if (/listening on \S+ /.test(printed)) resolve({ child, profile });
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${printed}`)));
  });
}

/** The compiled CLI to its end, its output left out (the reports say it all); its exit code. */
function cli(args: string[]): Promise<number | null> {
  const child = own(spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' }));
  return new Promise((resolve) => child.once('exit', resolve));
}

/** Ends a process this benchmark started, and waits until it is gone. */
async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await gone;
}

/** The results of the reports; a report that was not written is one false result. */
async function resultsOf(files: string[]): Promise<Result[]> {
  const reports = await Promise.all(
    files.map((file) =>
      readFile(file, 'utf8').then(
        (text) => (JSON.parse(text) as { results: Result[] }).results,
        (error: Error): Result[] => [
          {
            check: '(no report)',
            version: '-',
            status: 'failed',
            reason: error.message,
            diagnostics: [],
          },
        ],
      ),
    ),
  );
  return reports.flat();
}

/** Failed or not testable against a conforming implementation. */
const isFalse = (r: Result) => r.status === 'failed' || r.status === 'not_testable';

/** What a false result said: its failing diagnostics, or why it could not be tested. */
function said(r: Result): string {
  if (r.status === 'not_testable') return `not testable: ${r.reason ?? '(no reason)'}`;
  if (r.reason) return `failed: ${r.reason}`;
  const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  return `failed: ${errors.join('; ') || '(no diagnostic)'}`;
}

function print(runs: number, printed: Labelled[]): void {
  const results = printed.reduce((n, { run }) => n + run.results.length, 0);
  const falses = printed.flatMap(({ label, run }) =>
    run.results.filter(isFalse).map((r) => ({ label, r })),
  );
  console.log(
    `repeatability: the conformance CLI, every version, ${SUITE.slice(2).join(' ')}, against the reference server (time scale ${SCALE})`,
  );
  console.log(
    `  ${BUSY} busy processes (node -e 'for(;;){}') beside each of ${runs} loaded round(s); baseline: one unloaded run of each kind (load: the machine's 1-minute load average as each began)`,
  );
  for (const { label, run, base } of printed)
    console.log(
      `  ${label.padEnd(24)} ${String(Math.round(run.ms)).padStart(7)} ms = ${(run.ms / base.ms).toFixed(2)}x unloaded; load ${run.load.toFixed(1)}; exit ${run.codes.join(' ')}; ${run.results.length} results, ${run.results.filter(isFalse).length} false`,
    );
  console.log(
    `  ${printed.length} runs, ${results} results, ${falses.length} false (failed or not testable; target 0)`,
  );
  const byCheck = groupBy(falses, ({ r }) => r.check);
  for (const [check, found] of [...byCheck].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${check}: ${found.length} false`);
    for (const { label, r } of found) console.log(`    ${label}, ${r.version}: ${said(r)}`);
  }
}
