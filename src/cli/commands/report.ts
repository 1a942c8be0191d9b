import type { Command } from 'commander';
import { mergeReports } from '../../conformance/report/merge-reports.js';
import type { ReportRequest } from '../../conformance/report/write-reports.js';
import { type ExitCode, UsageError } from '../exit-codes.js';
import { readReportFiles } from '../report-files.js';
import { finishRun, parseReport } from '../finish-run.js';

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
  // The coverage is what the shards exercised together, where their reports say (a server run's).
  return finishRun(reports, merged);
}
