import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { type Finished, runCli, said, stop } from './cli-process.ts';
import { normalizedReport } from './normalized-report.ts';
import { type ReferenceProcess, startReferenceProcess } from './reference-process.ts';

// One verdict, every time: every shard of a clean run exits 0 on its own, not only the merge (the
// shards of `docs/ci/github-actions-conformance.yml` once exited 1 beside a green merge). One
// dated version, as each job of that workflow runs (its generated phase adds v0's requests, so
// two versions' targets are split); of the checks, those that decide where the run's state goes:
// the delivery checks holding `v1 meeting.ended` (the shard holding them sets off the event that
// shows the generated phase's delivery watch live, and every other shard's watch hears nothing),
// one sharing it, one holding another event, and a few that hold nothing, so that some shards of
// 5 have checks and some only generated requests. The quiet timing checks are left out: their
// bounds are tighter than the stalls of a dozen processes on two cores. The generated phase is in
// (`--only ... generated`), two cases per target. Each merge also writes JUnit and HTML, and the
// shards together exercised what the whole run did.
const VERSION = loadVersionRegistry().latest;
const CHECK_IDS = [
  'dlv-01-post',
  'dlv-06-attempts',
  'ver-10-mention-render',
  'sub-02-upsert',
  'ver-03-version-header',
  'auth-01-missing-credential',
  'eph-01-post',
];
const SUITE = [
  'conformance',
  '--version',
  VERSION,
  '--only',
  [...CHECK_IDS, 'generated'].join(','),
  '--generate',
  '--seed',
  '4242',
  '--max-examples',
  '2',
];

/** Where the shards of a run send their requests: one server for all, or one each. */
type Servers = 'shared' | 'own';

const CASES: Array<[name: string, { n: number; servers: Servers }]> = [
  ['1 shard', { n: 1, servers: 'shared' }],
  ['2 shards, one shared reference server', { n: 2, servers: 'shared' }],
  ['2 shards, each its own reference server', { n: 2, servers: 'own' }],
  ['3 shards, one shared reference server', { n: 3, servers: 'shared' }],
  ['5 shards, one shared reference server', { n: 5, servers: 'shared' }],
  ['5 shards, each its own reference server', { n: 5, servers: 'own' }],
];

// Suites running at once, across the cases: enough that the runs overlap their waits (most of a
// generated phase is waiting for deliveries), few enough that two cores keep the servers answering.
const AT_ONCE = 11;

let dir = '';
const servers = new Set<ChildProcess>();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-shard-verdicts-'));
});
afterAll(async () => {
  await Promise.all([...servers].map(stop));
  await rm(dir, { recursive: true, force: true });
});

/** A reference server for part of a run, stopped with the others if the run does not stop it. */
async function server(name: string): Promise<ReferenceProcess> {
  const started = await startReferenceProcess(dir, name);
  servers.add(started.child);
  return started;
}

async function stopServers(started: readonly ReferenceProcess[]): Promise<void> {
  await Promise.all(started.map(({ child }) => stop(child)));
  for (const { child } of started) servers.delete(child);
}

/** What one run of the cases did: each shard's end and report, the addresses they tested. */
interface ShardedRun {
  shards: Finished[];
  files: string[];
  urls: string[];
}

/** A slug of a case's name: its files' and its run id's. */
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Runs the n shards of a case side by side, with one run id, against its server(s). */
async function shardedRun(name: string, { n, servers: where }: { n: number; servers: Servers }) {
  const id = slug(name);
  const started = await Promise.all(
    Array.from({ length: where === 'shared' ? 1 : n }, (_, i) => server(`${id}-${i + 1}`)),
  );
  const files = Array.from({ length: n }, (_, i) => join(dir, `${id}-${i + 1}.json`));
  const shards = await Promise.all(
    files.map((file, i) =>
      runCli(
        ...SUITE,
        '--profile',
        started[i % started.length]!.profile,
        '--shard',
        `${i + 1}/${n}`,
        '--run-id',
        id,
        '--report',
        `json:${file}`,
      ),
    ),
  ).finally(() => stopServers(started));
  return { shards, files, urls: started.map(({ url }) => url) };
}

/** One whole run of the same suite against a server of its own: what every merge must give. */
async function wholeRun(): Promise<{ one: Finished; file: string }> {
  const started = await server('whole');
  const file = join(dir, 'whole.json');
  const one = await runCli(...SUITE, '--profile', started.profile, '--report', `json:${file}`);
  await stopServers([started]);
  return { one, file };
}

/** Runs each `work` once `weight` of `capacity` slots are free, first come first served. */
function slots(capacity: number) {
  let free = capacity;
  const waiting: Array<{ weight: number; go: () => void }> = [];
  const next = () => {
    while (waiting.length && waiting[0]!.weight <= free) {
      const first = waiting.shift()!;
      free -= first.weight;
      first.go();
    }
  };
  return async <T>(weight: number, work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((go) => {
      waiting.push({ weight, go });
      next();
    });
    try {
      return await work();
    } finally {
      free += weight;
      next();
    }
  };
}

/** Every case's run and the whole run, started together on first use, AT_ONCE suites at a time. */
let runs: {
  whole: Promise<{ one: Finished; file: string }>;
  sharded: Map<string, Promise<ShardedRun>>;
};
function started() {
  if (runs) return runs;
  const slot = slots(AT_ONCE);
  runs = {
    whole: slot(1, wholeRun),
    sharded: new Map(CASES.map(([name, c]) => [name, slot(c.n, () => shardedRun(name, c))])),
  };
  return runs;
}

describe.concurrent('conformance --shard: every shard of a clean run exits 0', () => {
  it.each(CASES)(
    '%s: each shard exits 0, and the merge gives the whole run',
    async (name, { n, servers: where }) => {
      const [{ one, file: whole }, { shards, files, urls }] = await Promise.all([
        started().whole,
        started().sharded.get(name)!,
      ]);
      shards.forEach((shard, i) =>
        expect(shard.code, `shard ${i + 1}/${n}: ${said(shard)}`).toBe(EXIT.ok),
      );
      // Each its own: n instances, each on its own port with its own data, one profile but for
      // the address, so the shards are still one run.
      expect(new Set(urls).size).toBe(where === 'own' ? n : 1);
      const [merged, junit, html] = ['json', 'xml', 'html'].map((kind) =>
        join(dir, `${slug(name)}-merged.${kind}`),
      ) as [string, string, string];
      const reports = ['--report', `json:${merged}`, '--report', `junit:${junit}`];
      const merge = await runCli(
        'report',
        'merge',
        ...files,
        ...reports,
        '--report',
        `html:${html}`,
      );
      expect(merge.code, said(merge)).toBe(EXIT.ok);
      expect(merge.stdout).toMatch(/By requirement:[\s\S]*\d+ results \(2 versions\)/);
      expect(one.code, said(one)).toBe(EXIT.ok);
      const want = await normalizedReport(whole);
      expect(want.generated.runs.length).toBeGreaterThan(4);
      expect(await normalizedReport(merged)).toEqual(want);
      // Every kind of report is written from the merged run: a test case per result.
      const cases = (await readFile(junit, 'utf8')).match(/<testcase /g)?.length;
      expect(cases).toBe(want.results.length);
      expect(await readFile(html, 'utf8')).toMatch(/^<!doctype html>/i);
      // What the shards exercised together is what one run exercised.
      const { exercised } = JSON.parse(await readFile(whole, 'utf8'));
      expect(exercised.answers.length).toBeGreaterThan(10);
      expect(JSON.parse(await readFile(merged, 'utf8')).exercised).toEqual(exercised);
    },
    150_000,
  );

  it('the shards of two runs (two --run-id) do not merge, the refusal naming runId', async () => {
    const [shared, own] = await Promise.all(
      [CASES[1]![0], CASES[2]![0]].map((name) => started().sharded.get(name)!),
    );
    const merge = await runCli('report', 'merge', shared!.files[0]!, own!.files[1]!);
    expect(merge.code, said(merge)).toBe(EXIT.usage);
    expect(said(merge)).toMatch(/differ in runId/);
  }, 150_000);
});
