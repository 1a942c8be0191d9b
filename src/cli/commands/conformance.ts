import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CHECKS } from '../../conformance/checks/index.js';
import { readProfile } from '../../conformance/profile-file.js';
import { toJsonReport } from '../../conformance/report/json-report.js';
import { toJUnit } from '../../conformance/report/junit.js';
import { allPassed } from '../../conformance/report/requirement-summary.js';
import { progressLine, textSummary } from '../../conformance/report/text-summary.js';
import { type CheckResult, runVersions, selectChecks } from '../../conformance/runner.js';
import { listVersions } from '../../versions.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { runReceiverCommand } from '../receiver-conformance.js';

const REPORTERS = { junit: toJUnit, json: toJsonReport } as const;
type ReportKind = keyof typeof REPORTERS;

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .option(
      '--profile <file>',
      'the conformance profile of the implementation (docs/conformance-profile.md)',
    )
    .option(
      '--receiver <url>',
      'test a webhook receiver instead: its URL ({version} and {event} in it are filled in)',
    )
    .option('--secret <whsec>', "the receiver's signing secret (with --receiver)")
    .option('--version <version>', 'a dated version (YYYY-MM-DD), or all', 'all')
    .option('--only <ids>', 'comma-separated check ids or requirement IDs to run')
    .option(
      '--report <kind:file>',
      'also write a report: junit:<file> or json:<file> (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--full-schedule',
      'wait out real minutes and hours where the time scale leaves the waits long',
    )
    .action(async (options: ConformanceOptions) => {
      if (options.receiver !== undefined && options.profile !== undefined)
        throw new UsageError('--receiver and --profile test different things: give one of them');
      if (options.receiver !== undefined)
        return done(
          await runReceiverCommand({
            ...options,
            receiver: options.receiver,
            reports: options.report.map(parseReport),
          }),
        );
      // Required unless --receiver is given, so commander cannot require it.
      if (options.profile === undefined)
        throw new UsageError(
          '--profile <file> is required (or --receiver <url> to test a webhook receiver)',
        );
      done(await runCommand({ ...options, profile: options.profile }));
    });
}

interface ConformanceOptions {
  profile?: string;
  receiver?: string;
  secret?: string;
  version: string;
  only?: string;
  report: string[];
  fullSchedule?: boolean;
}

/** Runs the selected checks at each version, prints the summary, writes the reports. */
async function runCommand(options: ConformanceOptions & { profile: string }): Promise<ExitCode> {
  const versions = options.version === 'all' ? listVersions() : [options.version];
  if (!versions.every((v) => listVersions().includes(v)))
    throw new UsageError(`--version takes all or one of ${listVersions().join(', ')}`);
  const reports = options.report.map(parseReport);
  const checks = selectChecks(options.only?.split(','));
  if (checks.length === 0)
    throw new UsageError(
      `--only ${options.only} names no check or requirement; checks are ${CHECKS.map(([id]) => id).join(', ')}`,
    );
  const read = await readProfile(options.profile);
  if ('problems' in read)
    throw new UsageError(`the profile is not usable:\n  ${read.problems.join('\n  ')}`);
  const startedAt = new Date().toISOString();
  const began = performance.now();
  // Every version at once: independent checks run alongside each other (runVersions); progress
  // lines come as checks end, the summary and reports in the order of versions and checks.
  const onResult = (r: CheckResult) => console.error(progressLine(r));
  const fullSchedule = options.fullSchedule === true;
  const results = await runVersions(read.profile, versions, { checks, fullSchedule, onResult });
  console.log(textSummary(results));
  const durationMs = Math.round(performance.now() - began);
  const run = { profile: options.profile, versions, startedAt, durationMs };
  for (const { kind, file } of reports) {
    const body =
      kind === 'junit'
        ? toJUnit(results)
        : `${JSON.stringify(toJsonReport(results, run), null, 2)}\n`;
    await writeFile(file, body);
    console.log(`${kind} report written to ${file}`);
  }
  return allPassed(results) ? EXIT.ok : EXIT.failed;
}

function parseReport(value: string): { kind: ReportKind; file: string } {
  const [kind, ...rest] = value.split(':');
  const file = rest.join(':');
  // The kind is the user's: only the reporters' own names count, not `constructor`.
  if (!Object.hasOwn(REPORTERS, kind!) || !file)
    throw new UsageError(`--report takes junit:<file> or json:<file>, not "${value}"`);
  return { kind: kind as ReportKind, file };
}
