import type { GenerateReport } from '../generate/run-generate.js';
import type { CheckResult } from '../run/check-result.js';
import { CLOCKS } from '../../time-scale.js';
import { listVersions } from '../../versions.js';
import { MAX_SHARDS, type Shard } from '../shard/shard.js';
import type { Exercised, RunInfo } from './write-reports.js';
import { isRecord } from '../../is-record.js';

/** The format the JSON report writes (json-report.ts), the one a merge reads. */
const JSON_REPORT_FORMAT = 'service-contract/conformance-report@2';

/** A JSON report as a merge reads it: what it ran with, and its part of the results. */
export interface ShardReport {
  file: string;
  run: RunInfo & { suite: string; fingerprint: string };
  results: CheckResult[];
  generated?: GenerateReport;
  exercised?: Exercised;
}

/** More entries than any real report holds in one list: a bound on what a merge reads. */
const MAX_ENTRIES = 200_000;

const STATUSES = new Set(['passed', 'failed', 'not_applicable', 'not_testable']);
const SEVERITIES = new Set(['error', 'warning']);

type Fields = Record<string, unknown>;

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_ENTRIES && value.every((v) => typeof v === 'string');
/** The versions a run names: known ones (a merge ranks them), each once. */
const isVersions = (value: unknown): value is string[] => {
  const known = new Set(['v0', ...listVersions()]);
  return (
    isStrings(value) && value.every((v) => known.has(v)) && new Set(value).size === value.length
  );
};
const isList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length <= MAX_ENTRIES;
const isCount = (value: unknown, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= max;

/**
 * A parsed JSON report of `file`, held to what a merge relies on; or the one field that is wrong,
 * named. Fields a merge does not read pass through as written.
 */
export function readReport(file: string, json: unknown): ShardReport | { problem: string } {
  const wrong = (field: string, what: string) => ({
    problem: `${file}: ${field} ${what}`,
  });
  if (!isRecord(json) || json.format !== JSON_REPORT_FORMAT)
    return { problem: `${file} is not a conformance JSON report (format ${JSON_REPORT_FORMAT})` };
  if (typeof json.suite !== 'string' || typeof json.fingerprint !== 'string')
    return wrong(
      typeof json.suite !== 'string' ? 'suite' : 'fingerprint',
      'is missing: the report was written by a suite whose reports do not merge',
    );
  if (!isVersions(json.versions))
    return wrong(
      'versions',
      `is not a list of versions of ${['v0', ...listVersions()].join(', ')}`,
    );
  if (json.only !== undefined && !isStrings(json.only)) return wrong('only', 'is not a list');
  if (json.runId !== undefined && typeof json.runId !== 'string')
    return wrong('runId', 'is not a string');
  const shard = json.shard;
  if (shard !== undefined && !isShard(shard)) return wrong('shard', 'is not {k, n}');
  if (!isList(json.results) || !json.results.every(isResult))
    return wrong('results', 'is not a list of check results');
  if (json.generated !== undefined && !isGenerated(json.generated))
    return wrong('generated', 'is not the generated phase of a report');
  if (json.exercised !== undefined && !isExercised(json.exercised))
    return wrong('exercised', 'is not {answers, events}');
  const run = {
    profile: typeof json.profile === 'string' ? json.profile : '',
    ...(typeof json.receiver === 'string' ? { receiver: json.receiver } : {}),
    versions: json.versions,
    startedAt: typeof json.startedAt === 'string' ? json.startedAt : '',
    durationMs: typeof json.durationMs === 'number' ? json.durationMs : 0,
    suite: json.suite,
    fingerprint: json.fingerprint,
    ...(json.only ? { only: json.only as string[] } : {}),
    ...(shard ? { shard: shard as Shard } : {}),
    ...(typeof json.runId === 'string' ? { runId: json.runId } : {}),
  };
  return {
    file,
    run,
    results: json.results as CheckResult[],
    ...(json.generated
      ? { generated: { ...(json.generated as Fields), results: [] } as unknown as GenerateReport }
      : {}),
    ...(json.exercised ? { exercised: json.exercised as Exercised } : {}),
  };
}

function isShard(value: unknown): boolean {
  return (
    isRecord(value) &&
    isCount(value.n, MAX_SHARDS) &&
    isCount(value.k, MAX_SHARDS) &&
    (value.k as number) <= (value.n as number)
  );
}

function isResult(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.check === 'string' &&
    typeof value.version === 'string' &&
    typeof value.status === 'string' &&
    STATUSES.has(value.status) &&
    isStrings(value.requirements) &&
    isList(value.diagnostics) &&
    value.diagnostics.every(
      (d) => isRecord(d) && typeof d.message === 'string' && SEVERITIES.has(d.severity as string),
    ) &&
    (value.notes === undefined || isStrings(value.notes)) &&
    (value.remedy === undefined || isRemedy(value.remedy))
  );
}

/** A result's asks of the time scales (Skip.remedy): a clock and finite numbers, none negative. */
function isRemedy(value: unknown): boolean {
  const factor = (n: unknown) =>
    n === undefined || (typeof n === 'number' && Number.isFinite(n) && n >= 0);
  return (
    isList(value) &&
    value.every(
      (ask) =>
        isRecord(ask) &&
        (CLOCKS as readonly unknown[]).includes(ask.clock) &&
        typeof ask.now === 'number' &&
        [ask.now, ask.atMost, ask.atLeast, ask.waitMs].every(factor),
    )
  );
}

function isGenerated(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { seed, maxExamples, maxTimeMs, runs, failures, warnings, deliveries } = value;
  return (
    [seed, maxExamples, maxTimeMs].every(Number.isSafeInteger) &&
    isList(runs) &&
    runs.every(
      (r) =>
        isRecord(r) &&
        typeof r.version === 'string' &&
        typeof r.operation === 'string' &&
        Number.isSafeInteger(r.cases) &&
        isRecord(r.kinds),
    ) &&
    [failures, warnings].every(
      (list) =>
        isList(list) &&
        list.every(
          (f) =>
            isRecord(f) &&
            typeof f.version === 'string' &&
            [f.occurrences, f.shrinks, f.seed].every(Number.isSafeInteger) &&
            typeof f.operation === 'string' &&
            isRecord(f.case) &&
            isList(f.findings) &&
            f.findings.every(isRecord),
        ),
    ) &&
    isList(deliveries) &&
    deliveries.every(
      (d) =>
        isRecord(d) &&
        typeof d.version === 'string' &&
        Number.isSafeInteger(d.received) &&
        Number.isSafeInteger(d.fromTraffic),
    )
  );
}

function isExercised(value: unknown): boolean {
  return isRecord(value) && isStrings(value.answers) && isStrings(value.events);
}
