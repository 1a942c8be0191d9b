import type { Command } from 'commander';
import { mergeReports } from '../../conformance/report/merge-reports.js';
import { allPassed } from '../../conformance/report/requirement-summary.js';
import { coverageOf } from '../../conformance/report/coverage.js';
import {
  coverageLine,
  generatedSummary,
  textSummary,
} from '../../conformance/report/text-summary.js';
import {
  type ReportRequest,
  parseReportOption,
  writeReports,
} from '../../conformance/report/write-reports.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { readReportFiles } from '../report-files.js';

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .command('merge')
    .description(
      'merge the JSON reports of the shards of one conformance run (conformance --shard) into one report',
    )
    .argument(
      '<reports...>',
      'JSON reports: files, directories of them, or patterns like out/*.json',
    )
    .option(
      '--report <kind:file>',
      'write the merged report: json:<file>, junit:<file>, ... as conformance does (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .exitOverride()
    .showHelpAfterError()
    .action(async (inputs: string[], options: { report: string[] }) =>
      done(await mergeCommand(inputs, options.report.map(parseReport))),
    );
}

/**
 * Merges the shards' reports, prints the summary a run prints, writes the reports asked for;
 * exit 0 only when every check passed, as the run would have.
 */
async function mergeCommand(
  inputs: readonly string[],
  reports: readonly ReportRequest[],
): Promise<ExitCode> {
  const merged = mergeReports(await readReportFiles(inputs));
  if ('problem' in merged) throw new UsageError(merged.problem);
  console.log(textSummary(merged.results));
  if (merged.generated) console.log(generatedSummary(merged.generated));
  // What the shards exercised together, where their reports say (a server run's do).
  if (merged.exercised)
    console.log(coverageLine(coverageOf(merged.exercised, merged.run.versions)));
  for (const line of await writeReports(reports, merged)) console.log(line);
  return allPassed(merged.results) ? EXIT.ok : EXIT.failed;
}

function parseReport(value: string): ReportRequest {
  const parsed = parseReportOption(value);
  if ('problem' in parsed) throw new UsageError(parsed.problem);
  return parsed;
}
