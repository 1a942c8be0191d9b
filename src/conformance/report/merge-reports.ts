import { listVersions } from '../../versions.js';
import { CHECKS } from '../checks/index.js';
import type { GenerateReport } from '../generate/run-generate.js';
import { RECEIVER_CHECKS } from '../receiver-suite/checks/index.js';
import type { CheckResult } from '../run/check-result.js';
import type { ShardReport } from './read-report.js';
import { SEVERITY } from './requirement-summary.js';
import { withoutAddress } from '../shard/fingerprint.js';
import type { Exercised, ReportInput } from './write-reports.js';

/** The check result that stands for one version's delivery watch in the generated phase. */
const DELIVERIES = 'generated deliveries';

/** Worst first, as a requirement's verdict is chosen (requirement-summary.ts). */

/**
 * The reports of one run's shards as one report: refused, naming the files and the field, unless
 * they come from one suite version, profile, selection and seed and budget, and hold every shard
 * of each version selection once (a CI matrix may run its shards per version: each selection of
 * versions is its own set of shards, and no version is in two).
 */
export function mergeReports(reports: readonly ShardReport[]): ReportInput | { problem: string } {
  const problem = sameRun(reports) ?? oneRun(reports) ?? completeShards(reports);
  if (problem) return { problem };
  const groups = [...groupByVersions(reports).values()].sort(
    (a, b) => firstRank(a[0]!) - firstRank(b[0]!),
  );
  // Each group by shard: the order a run's results come in is restored by sorting below.
  const ordered = groups.flatMap((group) => [...group].sort((a, b) => kOf(a) - kOf(b)));
  const first = ordered[0]!.run;
  const versions = [...new Set(ordered.flatMap((r) => r.run.versions))].sort(
    (a, b) => resultRank(a) - resultRank(b),
  );
  const generated = mergeGenerated(ordered);
  const exercised = mergeExercised(ordered);
  return {
    results: mergeResults(ordered),
    run: {
      profile: first.profile,
      ...(first.receiver === undefined ? {} : { receiver: first.receiver }),
      versions,
      startedAt: ordered.map((r) => r.run.startedAt).sort()[0]!,
      // Shards run side by side: the run took as long as its longest shard.
      durationMs: Math.max(...ordered.map((r) => r.run.durationMs)),
      suite: first.suite,
      fingerprint: first.fingerprint,
      ...(first.only ? { only: first.only } : {}),
      ...(first.runId ? { runId: first.runId } : {}),
    },
    ...(generated ? { generated } : {}),
    ...(exercised ? { exercised } : {}),
  };
}

/** What every report of one run has alike, each compared with the first. */
const ALIKE: Array<[field: string, of: (report: ShardReport) => unknown]> = [
  ['suite', (r) => r.run.suite],
  ['fingerprint (the profile)', (r) => r.run.fingerprint],
  // Each shard may test its own instance of the receiver: the same one but for its address.
  ['receiver', (r) => (r.run.receiver === undefined ? null : withoutAddress(r.run.receiver))],
  ['only', (r) => [...(r.run.only ?? [])].sort()],
  ['generated (--generate)', (r) => r.generated !== undefined],
  ['seed', (r) => r.generated?.seed ?? null],
  ['maxExamples', (r) => r.generated?.maxExamples ?? null],
  ['maxTimeMs', (r) => r.generated?.maxTimeMs ?? null],
];

function sameRun(reports: readonly ShardReport[]): string | undefined {
  const [first] = reports;
  if (!first) return 'report merge needs at least one report';
  for (const [field, of] of ALIKE) {
    const want = JSON.stringify(of(first));
    const other = reports.find((r) => JSON.stringify(of(r)) !== want);
    if (other)
      return `${first.file} and ${other.file} differ in ${field} (${want} and ${JSON.stringify(of(other))}): only the shards of one run merge`;
  }
  return undefined;
}

/** Shards without a run id that started further apart than this are taken for different runs. */
const SAME_RUN_WINDOW_MS = 60 * 60 * 1000;

/**
 * The reports name one run: the same run id (`--run-id`, or the CI's), or, where none names one,
 * starts within an hour of each other (a run's shards start together; two runs of one profile
 * and seed are told apart by when they ran).
 */
function oneRun(reports: readonly ShardReport[]): string | undefined {
  const [first] = reports;
  const idOf = (r: ShardReport) => r.run.runId ?? '(none)';
  const other = reports.find((r) => idOf(r) !== idOf(first!));
  if (other)
    return `${first!.file} and ${other.file} differ in runId (${idOf(first!)} and ${idOf(other)}): only the shards of one run merge`;
  if (first!.run.runId) return undefined;
  const started = reports
    .map((r) => ({ r, at: Date.parse(r.run.startedAt) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at);
  const [earliest, latest] = [started[0], started.at(-1)];
  if (!earliest || !latest || latest.at - earliest.at <= SAME_RUN_WINDOW_MS) return undefined;
  const hours = ((latest.at - earliest.at) / 3_600_000).toFixed(1);
  return `${earliest.r.file} and ${latest.r.file} started ${hours} h apart and name no run id: they look like shards of different runs; give every shard of one run the same --run-id`;
}

/** Each selection of versions has its n shards once each; no version is in two selections. */
function completeShards(reports: readonly ShardReport[]): string | undefined {
  const coveredBy = new Map<string, ShardReport>();
  for (const [key, group] of groupByVersions(reports)) {
    const [first] = group;
    for (const version of first!.run.versions) {
      const other = coveredBy.get(version);
      if (other)
        return `${other.file} and ${first!.file} both cover version ${version} with different versions (${other.run.versions.join(',')} and ${key}): a version is run by one set of shards`;
      coveredBy.set(version, first!);
    }
    const n = nOf(first!);
    const odd = group.find((r) => nOf(r) !== n);
    if (odd)
      return `${first!.file} and ${odd.file} differ in shard (of ${n} and of ${nOf(odd)}) for versions ${key}`;
    const byK = new Map<number, ShardReport>();
    for (const report of group) {
      const twin = byK.get(kOf(report));
      if (twin)
        return `${twin.file} and ${report.file} are both shard ${kOf(report)} of ${n} (versions ${key})`;
      byK.set(kOf(report), report);
    }
    const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !byK.has(k));
    if (missing.length)
      return `shard ${missing.join(', ')} of ${n} (versions ${key}) is missing: got ${group.map((r) => `${r.file} (shard ${kOf(r)})`).join(', ')}`;
  }
  return undefined;
}

const kOf = (report: ShardReport) => report.run.shard?.k ?? 1;
const nOf = (report: ShardReport) => report.run.shard?.n ?? 1;

function groupByVersions(reports: readonly ShardReport[]): Map<string, ShardReport[]> {
  const groups = new Map<string, ShardReport[]>();
  for (const report of reports) {
    const key = report.run.versions.join(',');
    const group = groups.get(key);
    if (group) group.push(report);
    else groups.set(key, [report]);
  }
  return groups;
}

/** v0 first (the receiver suite's order), then the registry's dated versions. */
const VERSION_ORDER = new Map(['v0', ...listVersions()].map((v, i) => [v, i]));
const resultRank = (version: string) => VERSION_ORDER.get(version) ?? VERSION_ORDER.size;
/** The generated phase sends v0's requests after the dated versions'. */
const generatedRank = (version: string) =>
  version === 'v0' ? VERSION_ORDER.size : resultRank(version);
const firstRank = (report: ShardReport) => Math.min(...report.run.versions.map(resultRank));

const CHECK_ORDER = new Map(
  [...CHECKS, ...RECEIVER_CHECKS].map(([id], i) => [id, i] as [string, number]),
);
const isGenerated = (result: CheckResult) => !CHECK_ORDER.has(result.check);

/**
 * The results in a run's order: the checks by version, then in the registry's order; then the
 * generated phase's by version (v0 last), each version's deliveries after its operations. A unit
 * two reports hold is v0's generated requests, which each version selection sends: the first kept.
 * Each shard watched the deliveries of its own requests at a version: one result of them all.
 */
function mergeResults(reports: readonly ShardReport[]): CheckResult[] {
  const byKey = new Map<string, CheckResult>();
  const groupOf = new Map<string, string>();
  for (const report of reports)
    for (const result of report.results) {
      const key = `${result.check}\u0000${result.version}`;
      const seen = byKey.get(key);
      const group = report.run.versions.join(',');
      if (!seen) {
        byKey.set(key, result);
        groupOf.set(key, group);
      } else if (result.check === DELIVERIES && groupOf.get(key) === group)
        byKey.set(key, watchedTogether(seen, result));
    }
  const rank = (r: CheckResult) =>
    isGenerated(r)
      ? [1, generatedRank(r.version), r.check === DELIVERIES ? 1 : 0]
      : [0, resultRank(r.version), CHECK_ORDER.get(r.check)!];
  return [...byKey.values()].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    const differs = x.findIndex((v, i) => v !== y[i]);
    if (differs >= 0) return x[differs]! - y[differs]!;
    return a.check < b.check ? -1 : a.check > b.check ? 1 : 0;
  });
}

/** Two shards' delivery watches at one version as one: the worse verdict, every finding. */
function watchedTogether(a: CheckResult, b: CheckResult): CheckResult {
  const [worse] = [a, b].sort((x, y) => SEVERITY.indexOf(x.status) - SEVERITY.indexOf(y.status));
  const notes = [...new Set([...(a.notes ?? []), ...(b.notes ?? [])])];
  // A watch that received deliveries tested the rule: one that saw none does not make it untestable.
  const tested = [a, b].find((r) => r.status === 'passed');
  const status = worse!.status === 'not_testable' && tested ? 'passed' : worse!.status;
  return {
    ...(status === worse!.status ? worse! : tested!),
    status,
    diagnostics: [...a.diagnostics, ...b.diagnostics],
    ...(notes.length ? { notes } : {}),
    durationMs: Math.max(a.durationMs, b.durationMs),
  };
}

/** The generated phase's runs, failures and deliveries of every shard, v0's from one selection. */
function mergeGenerated(reports: readonly ShardReport[]): GenerateReport | undefined {
  const phases = reports.flatMap((r) => (r.generated ? [r] : []));
  const [first] = phases;
  if (!first) return undefined;
  const taken = new Map<string, string>();
  const merged: GenerateReport = {
    seed: first.generated!.seed,
    maxExamples: first.generated!.maxExamples,
    maxTimeMs: first.generated!.maxTimeMs,
    runs: [],
    failures: [],
    warnings: [],
    deliveries: [],
    results: [],
  };
  for (const { generated, run } of phases) {
    const group = run.versions.join(',');
    const mine = (f: { version: string; operation: string }) =>
      taken.get(`${f.version} ${f.operation}`) === group;
    for (const r of generated!.runs) {
      const key = `${r.version} ${r.operation}`;
      if (taken.has(key)) continue;
      taken.set(key, group);
      merged.runs.push(r);
    }
    merged.failures.push(...generated!.failures.filter(mine));
    merged.warnings.push(...generated!.warnings.filter(mine));
    for (const d of generated!.deliveries) {
      const seen = merged.deliveries.find((m) => m.version === d.version);
      if (!seen) merged.deliveries.push({ ...d });
      else
        Object.assign(seen, {
          received: seen.received + d.received,
          fromTraffic: seen.fromTraffic + d.fromTraffic,
          failed: seen.failed || d.failed,
        });
    }
  }
  const byVersion = (a: { version: string }, b: { version: string }) =>
    generatedRank(a.version) - generatedRank(b.version);
  merged.runs.sort((a, b) => byVersion(a, b) || (a.operation < b.operation ? -1 : 1));
  merged.deliveries.sort(byVersion);
  return merged;
}

/** What every shard exercised: the set union of each list, sorted. */
function mergeExercised(reports: readonly ShardReport[]): Exercised | undefined {
  const all = reports.flatMap((r) => (r.exercised ? [r.exercised] : []));
  if (all.length === 0) return undefined;
  const union = (lists: string[][]) => [...new Set(lists.flat())].sort();
  return {
    answers: union(all.map((e) => e.answers)),
    events: union(all.map((e) => e.events)),
  };
}
