import { randomInt } from 'node:crypto';
import type { Command } from 'commander';
import { CHECKS } from '../../conformance/checks/index.js';
import { runGenerate } from '../../conformance/generate/run-generate.js';
import { readProfile } from '../../conformance/profile/profile-file.js';
import { openExercisedLog } from '../../conformance/run/exercised-log.js';
import { progressLine } from '../../conformance/report/text-summary.js';
import { type CheckResult, runVersions, selectChecks } from '../../conformance/runner.js';
import { LIVENESS_STATE } from '../../conformance/generate/delivery-watch.js';
import { shardHolding } from '../../conformance/shard/check-units.js';
import { fingerprint } from '../../conformance/shard/fingerprint.js';
import { suiteVersion } from '../../suite-version.js';
import { listVersions } from '../../versions.js';
import {
  type CallbackOptions,
  callbackGiven,
  callbackOf,
  probeCallback,
} from '../callback-options.js';
import { type ExitCode, UsageError } from '../exit-codes.js';
import { runReceiverCommand } from '../receiver-conformance.js';
import { noWorkLine, shardOption } from '../shard-option.js';
import { runIdOf } from '../run-id.js';
import { finishRun, parseReport } from '../finish-run.js';

/** Bounds on the generative phase's options: a run stays finite whatever is asked. */
const MAX_EXAMPLES = 100_000;
const MAX_TIME_SECONDS = 86_400;

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
    .option(
      '--version <version>',
      'a dated version (YYYY-MM-DD), or all (the default); with --receiver: v0 or dated versions separated by commas, or all, the latest by default',
    )
    .option(
      '--only <ids>',
      'comma-separated check ids or requirement IDs to run; an opt-in receiver check runs only when named by its id, and only warns',
    )
    .option(
      '--report <kind:file>',
      'also write a report: junit:<file>, json:<file> or html:<file> (one self-contained page, with API coverage) (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--full-schedule',
      'wait out real minutes and hours where the time scale leaves the waits long',
    )
    .option(
      '--generate',
      'after the checks, send requests generated from the documents to every operation (--only generated: those alone)',
    )
    .option('--max-examples <n>', 'generated requests per operation and version', '100')
    .option('--seed <s>', 'the seed of the generated requests (an integer); random by default')
    .option(
      '--max-time <seconds>',
      'the time budget of the generated requests, all versions',
      '100',
    )
    .option(
      '--callback-listen <host:port>',
      'where the delivery receiver listens (0.0.0.0:8787 to be reached from other hosts); 127.0.0.1 and a random port by default',
    )
    .option(
      '--callback-url <base>',
      'the URL the implementation delivers to, when it reaches the receiver at another address (a tunnel, a CI service hostname, a load balancer); hook paths are appended to it',
    )
    .option('--callback-cert <pem>', 'serve the receiver over HTTPS with this certificate')
    .option('--callback-key <pem>', "the certificate's private key (with --callback-cert)")
    .option(
      '--shard <k/n>',
      'run the k-th of n parts of the work (a CI matrix); merge the JSON reports with report merge',
    )
    .option(
      '--run-id <id>',
      "the run this shard belongs to: report merge takes only shards of one run (by default the CI's run id, GITHUB_RUN_ID and the like)",
    )
    .action(async (options: ConformanceOptions) => {
      if (options.receiver !== undefined && options.profile !== undefined)
        throw new UsageError('--receiver and --profile test different things: give one of them');
      if (options.receiver !== undefined && callbackGiven(options))
        throw new UsageError(
          '--callback-* set where the suite receives deliveries: with --receiver it sends them',
        );
      if (options.receiver !== undefined)
        return done(
          await runReceiverCommand({
            ...options,
            receiver: options.receiver,
            reports: options.report.map(parseReport),
            shard: shardOption(options.shard),
            runId: runIdOf(options.runId),
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

interface ConformanceOptions extends CallbackOptions {
  profile?: string;
  receiver?: string;
  secret?: string;
  version?: string;
  only?: string;
  report: string[];
  fullSchedule?: boolean;
  generate?: boolean;
  maxExamples: string;
  seed?: string;
  maxTime: string;
  shard?: string;
  runId?: string;
}

/** What `--only` names for the generative phase rather than a check. */
const GENERATED = 'generated';

/** Runs the selected checks at each version, prints the summary, writes the reports. */
async function runCommand(options: ConformanceOptions & { profile: string }): Promise<ExitCode> {
  const version = options.version ?? 'all';
  const versions = version === 'all' ? listVersions() : [version];
  if (!versions.every((v) => listVersions().includes(v)))
    throw new UsageError(`--version takes all or one of ${listVersions().join(', ')}`);
  const reports = options.report.map(parseReport);
  const shard = shardOption(options.shard);
  const runId = runIdOf(options.runId);
  const only = options.only?.split(',').map((id) => id.trim());
  const generateOnly = only?.includes(GENERATED) === true;
  const rest = only?.filter((id) => id !== GENERATED);
  const checks = generateOnly && rest?.length === 0 ? [] : selectChecks(rest);
  const generate = generateOnly || options.generate === true ? generateOptions(options) : undefined;
  if (checks.length === 0 && (!generateOnly || rest!.length > 0))
    throw new UsageError(
      `--only ${options.only} names no check or requirement; checks are ${CHECKS.map(([id]) => id).join(', ')} (and ${GENERATED}, the generated requests)`,
    );
  // Shards draw no seed each: they split the cases of one seed.
  if (shard && generate && options.seed === undefined)
    throw new UsageError('--shard with --generate needs --seed <s>, the same for every shard');
  const callback = callbackOf(options);
  await probeCallback(callback);
  const read = await readProfile(options.profile);
  if ('problems' in read)
    throw new UsageError(`the profile is not usable:\n  ${read.problems.join('\n  ')}`);
  const startedAt = new Date().toISOString();
  const began = performance.now();
  // Every version at once: independent checks run alongside each other (runVersions); progress
  // lines come as checks end, the summary and reports in the order of versions and checks.
  const onResult = (r: CheckResult) => console.error(progressLine(r));
  const fullSchedule = options.fullSchedule === true;
  const log = openExercisedLog();
  const results = await runVersions(read.profile, versions, {
    checks,
    fullSchedule,
    onResult,
    callback,
    shard,
  });
  const generated = generate
    ? await runGenerate(read.profile, versions, {
        ...generate,
        callback,
        onProgress: (line) => console.error(line),
        shard,
        liveShard: shard && shardHolding(checks, versions, shard.n, LIVENESS_STATE),
      })
    : undefined;
  if (generated) results.push(...generated.results);
  const exercised = log.close();
  for (const line of noWorkLine(shard, results.length)) console.log(line);
  const durationMs = Math.round(performance.now() - began);
  const run = {
    profile: options.profile,
    versions,
    startedAt,
    durationMs,
    suite: suiteVersion(),
    fingerprint: fingerprint(read.profile),
    ...(only ? { only } : {}),
    ...(shard ? { shard } : {}),
    ...(runId === undefined ? {} : { runId }),
  };
  return finishRun(reports, { results, run, generated, exercised });
}

/** `--max-examples`, `--seed` and `--max-time`, checked; a seed drawn when none is given. */
function generateOptions(options: ConformanceOptions) {
  const maxExamples = Number(options.maxExamples);
  if (!/^\d+$/.test(options.maxExamples) || maxExamples < 1 || maxExamples > MAX_EXAMPLES)
    throw new UsageError(`--max-examples takes a whole number from 1 to ${MAX_EXAMPLES}`);
  const seconds = Number(options.maxTime);
  if (!/^\d+$/.test(options.maxTime) || seconds < 1 || seconds > MAX_TIME_SECONDS)
    throw new UsageError(`--max-time takes a number of seconds from 1 to ${MAX_TIME_SECONDS}`);
  // fast-check's seeds are 32-bit integers; any other would be cut down and not replay as given.
  if (options.seed !== undefined && !isSeed(options.seed))
    throw new UsageError('--seed takes a whole number from -2147483648 to 2147483647');
  const seed = options.seed === undefined ? randomInt(2 ** 31) : Number(options.seed);
  return { seed, maxExamples, maxTimeMs: seconds * 1000 };
}

const isSeed = (value: string) =>
  /^-?\d{1,10}$/.test(value) && Number(value) >= -(2 ** 31) && Number(value) < 2 ** 31;
