import { redactDiagnostic } from '../redact.js';
import { sharedDocumentsByVersion } from '../validation/documents-by-version.js';
import type { Callback } from './callback/callback.js';
import type { Check, RegisteredCheck, Skip } from './run/check.js';
import type { CheckResult } from './run/check-result.js';

export type { CheckResult };
import { runPooled } from './run/check-pool.js';
import { CHECKS } from './checks/index.js';
import { type Found, type RunScope, createContext } from './run/context.js';
import type { Profile } from './profile/profile.js';
import { waitCalm } from './timing/timing-quiet.js';
import { WaitCutShort } from './timing/wait-cut-short.js';
import { lifecycleOf } from './profile/profile-facts.js';
import { type Receiver, startReceiver } from './callback/receiver.js';
import { checkUnitsOf } from './shard/check-units.js';
import type { Shard } from './shard/shard.js';
import { couldNotFinish } from './transport/could-not-finish.js';
import { TransportError } from './transport/transport-error.js';

export interface RunOptions {
  checks?: readonly RegisteredCheck[];
  /** Wait out real minutes where the profile's time scale leaves them long. */
  fullSchedule?: boolean;
  /** Called as each check ends, for progress. */
  onResult?: (result: CheckResult) => void;
  /** How many checks run at once at most, over all versions. */
  concurrency?: number;
  /**
   * Where the delivery receiver listens and how the implementation reaches it (`--callback-*`);
   * 127.0.0.1, a random port, plain HTTP by default.
   */
  callback?: Callback;
  /** Run only this part of the (check, version) units (`--shard`): shard/check-units.ts places them. */
  shard?: Shard;
}

/**
 * Most checks mostly wait (for answers, deliveries, scaled schedules), so many run at once; the
 * bound keeps the suite's own process, and the implementation, from being flooded.
 */
const CONCURRENCY = 16;

/**
 * Runs checks against one implementation at one dated version. A check's answers are also held to
 * the documents: a shape that differs fails the check that saw it. A check that throws fails.
 * Results come back in the order of `checks`, whatever order the checks end in.
 */
export function runConformance(
  profile: Profile,
  version: string,
  options: RunOptions = {},
): Promise<CheckResult[]> {
  return runVersions(profile, [version], options);
}

/**
 * Runs checks at each of `versions` at once, each check alongside the others except those it names
 * state with (`exclusive`, `shared`, at any version); quiet checks run last, beside background
 * ones only. Results come back by version, then in the order of `checks`, whatever order they end
 * in.
 */
export async function runVersions(
  profile: Profile,
  versions: readonly string[],
  {
    checks = CHECKS,
    fullSchedule = false,
    onResult,
    concurrency = CONCURRENCY,
    callback,
    shard,
  }: RunOptions = {},
): Promise<CheckResult[]> {
  const mine = shard && checkUnitsOf(checks, versions, shard);
  let started: Promise<Receiver> | undefined;
  const documents = sharedDocumentsByVersion();
  // One receiver for the run: each hook has its own path on it, whichever version opened it.
  const receiver = () => (started ??= startReceiver(callback));
  const scopes = versions.map((version) => ({
    profile,
    version,
    documents,
    fullSchedule,
    receiver,
    ...(callback ? { callback } : {}),
  }));
  const tasks = scopes.flatMap((scope) =>
    checks.map(([, check], index) => ({
      order: startOrder(check),
      exclusive: check.exclusive ?? [],
      shared: check.shared ?? [],
      quiet: check.quiet,
      background: check.background === true,
      run: async () => {
        const result = await runCheck(checks[index]!, scope);
        onResult?.(result);
        return result;
      },
    })),
  );
  // Tasks keep their place in the results; the pool takes them by when they should start.
  const byStart = tasks
    .map((task, place) => ({ ...task, place }))
    .filter(({ place }) => !mine || mine.has(place))
    .sort((a, b) => a.order - b.order || (a.place % checks.length) - (b.place % checks.length));
  try {
    // At least one at a time, whatever was asked: a pool of none would never end.
    const ended = await runPooled(byStart, Math.max(1, Math.floor(concurrency) || 1));
    const results: CheckResult[] = new Array(tasks.length);
    byStart.forEach(({ place }, i) => (results[place] = ended[i]!));
    // A shard's results are its units', in the run's order.
    return mine ? results.filter((r) => r !== undefined) : results;
  } finally {
    if (started) await (await started).close();
  }
}

/**
 * Long waits start first, so they pass while the rest runs; then checks that queue behind others
 * for a name, so the queue moves while the rest runs; then the rest; last the quiet checks, which
 * wait for the others to end (background ones aside).
 */
function startOrder(check: Check): number {
  if (check.background) return 0;
  if (check.quiet) return check.quiet === 'together' ? 3 : 4;
  return check.exclusive?.length || check.shared?.length ? 1 : 2;
}

/** How many times a check whose measurement the suite's own process disturbed runs again. */
const RERUNS = 4;
/** Before each, how long the suite's loop must run without a stall, and how long to wait for it. */
const CALM_MS = 250;
const CALM_WAIT_MS = 3000;

async function runCheck(entry: RegisteredCheck, scope: RunScope): Promise<CheckResult> {
  const [id, check] = entry;
  const begun = performance.now();
  const sunset = sunsetSkip(check, scope);
  if (sunset)
    return {
      check: id,
      title: check.title,
      version: scope.version,
      requirements: check.requirements,
      status: sunset.skip,
      diagnostics: [],
      reason: sunset.reason,
      durationMs: 0,
    };
  let { skip, found } = await attempt(entry, scope);
  // A measurement the suite's own stalls left unsure says nothing of the implementation: measure
  // again (Skip.rerun).
  for (let rerun = 0; rerun < RERUNS && skip?.rerun && found.findings.length === 0; rerun += 1) {
    // Into the same load it would be disturbed again: once the loop has calmed, if it does.
    await waitCalm(CALM_MS, CALM_WAIT_MS);
    ({ skip, found } = await attempt(entry, scope));
  }
  const durationMs = Math.round(performance.now() - begun);
  const base = {
    check: id,
    title: check.title,
    version: scope.version,
    requirements: check.requirements,
  };
  // A skip says why the rule could not be tested; what the check found before it still fails it.
  if (skip && found.findings.length === 0)
    return {
      ...base,
      status: skip.skip,
      diagnostics: [],
      reason: skip.reason,
      ...(skip.remedy ? { remedy: skip.remedy } : {}),
      durationMs,
    };
  // Nothing a report prints carries a credential: an issued token a check compared, a secret.
  const diagnostics = [...found.findings, ...found.shapes].map(redactDiagnostic);
  return {
    ...base,
    status: diagnostics.some((d) => d.severity === 'error') ? 'failed' : 'passed',
    diagnostics,
    ...(found.notes.length ? { notes: found.notes } : {}),
    durationMs,
  };
}

/**
 * VER-05: every request pinned to a version the implementation declares sunset answers 410, so
 * only the lifecycle's own check applies there.
 */
function sunsetSkip(check: Check, { profile, version }: RunScope): Skip | undefined {
  if (lifecycleOf(profile, version) !== 'sunset' || check.requirements.includes('VER-05'))
    return undefined;
  return {
    skip: 'not_applicable',
    reason: `the profile declares ${version} sunset: requests pinned to it answer 410 (VER-05)`,
  };
}

/** One run of a check: the skip it returned, if any, and what it found. */
async function attempt(
  [id, check]: RegisteredCheck,
  scope: RunScope,
): Promise<{ skip: void | Skip; found: Found }> {
  const { context, found } = createContext(
    { id, requirements: check.requirements, reading: check.reading },
    scope,
  );
  try {
    return { skip: await check.run(context), found };
  } catch (error) {
    // What a wait the suite's own stalls cut short did not see says nothing of the implementation.
    if (error instanceof WaitCutShort)
      return { skip: { skip: 'not_testable', rerun: true, reason: error.message }, found };
    // Where a request got nowhere, the code and the address, for the run's one line on it
    // (report/unreachable.ts).
    const transport =
      error instanceof TransportError
        ? { actual: { transport: error.code, origin: error.origin } }
        : {};
    context.report({
      message: `the check could not finish: ${couldNotFinish(error)}`,
      ...transport,
    });
    return { skip: undefined, found };
  }
}

/** The checks `--only` selects: by check id or by a requirement ID they cover. */
export function selectChecks(
  only: readonly string[] | undefined,
  checks: readonly RegisteredCheck[] = CHECKS,
): RegisteredCheck[] {
  if (!only?.length) return [...checks];
  const wanted = new Set(only.map((id) => id.trim()));
  return checks.filter(
    ([id, check]) => wanted.has(id) || check.requirements.some((r) => wanted.has(r)),
  );
}
