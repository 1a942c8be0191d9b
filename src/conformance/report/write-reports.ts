import { writeFile } from 'node:fs/promises';
import type { GenerateReport } from '../generate/run-generate.js';
import type { Exercised } from '../run/exercised-log.js';
import type { CheckResult } from '../run/check-result.js';
import type { Coverage } from './coverage.js';
import { toHtmlReport } from './html-report.js';
import type { Shard } from '../shard/shard.js';
import { toJsonReport } from './json-report.js';
import { toJUnit } from './junit.js';

/** What a run says of itself in its reports (never a credential: the profile's path, not its body). */
export interface RunInfo {
  profile: string;
  receiver?: string;
  versions: string[];
  startedAt: string;
  durationMs: number;
  /** The suite's version (package.json): reports of different installs do not merge. */
  suite?: string;
  /** fingerprint() of the profile (or of the receiver and its secret), never the content itself. */
  fingerprint?: string;
  /** The check ids and requirement IDs `--only` selected, as given; absent for the default set. */
  only?: string[];
  /** The part of the run's work the report holds (`--shard k/n`); absent for a whole run. */
  shard?: Shard;
  /** The run the report belongs to (`--run-id`, or the CI's run id): shards of others do not merge. */
  runId?: string;
}

// What the run exercised (exercised-log.ts records it): declared beside its recorder, so the
// reporters and the run share it without a cycle.
export type { Exercised } from '../run/exercised-log.js';

/** Everything a report is written from: a run's results, or shards' merged. */
export interface ReportInput {
  results: readonly CheckResult[];
  run: RunInfo;
  generated?: GenerateReport;
  exercised?: Exercised;
  /** What `exercised` covers of the documents, where the run already worked it out. */
  coverage?: Coverage;
}

type Reporter = (input: ReportInput) => string;

/** Every `--report` kind, by the name the option takes: one entry per format. */
const REPORTERS = new Map<string, Reporter>([
  ['junit', ({ results, generated }) => toJUnit(results, generated)],
  [
    'json',
    ({ results, run, generated, exercised }) =>
      `${JSON.stringify(toJsonReport(results, run, generated, exercised), null, 2)}\n`,
  ],
  ['html', toHtmlReport],
]);

export interface ReportRequest {
  kind: string;
  file: string;
}

/** `<kind>:<file>` as `--report` takes it, or a message saying what it takes. */
export function parseReportOption(value: string): ReportRequest | { problem: string } {
  const at = value.indexOf(':');
  const kind = at < 0 ? value : value.slice(0, at);
  const file = at < 0 ? '' : value.slice(at + 1);
  if (!REPORTERS.has(kind) || !file)
    return {
      problem: `--report takes ${[...REPORTERS.keys()].map((k) => `${k}:<file>`).join(' or ')}, not "${value}"`,
    };
  return { kind, file };
}

/** Writes each requested report; returns the lines to print, one per file written. */
export async function writeReports(
  requests: readonly ReportRequest[],
  input: ReportInput,
): Promise<string[]> {
  const lines: string[] = [];
  for (const { kind, file } of requests) {
    await writeFile(file, REPORTERS.get(kind)!(input));
    lines.push(`${kind} report written to ${file}`);
  }
  return lines;
}
