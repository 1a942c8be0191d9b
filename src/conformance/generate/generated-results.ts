import type { Diagnostic } from '../../diagnostic.js';
import { redactDiagnostic } from '../../redact.js';
import type { Profile } from '../profile/profile.js';
import { type Shard, shardText } from '../shard/shard.js';
import type { CheckResult } from '../run/check-result.js';
import type { WatchOutcome } from './delivery-watch.js';
import { type GeneratedFailure, type GeneratedRun, checkId } from './exercise-target.js';
import type { GenerateTarget } from './generate-target.js';

/** The rule a kind of request tests, where it is not the operation's own. */
const KIND_REQUIREMENTS = new Map([
  ['bad-version', ['VER-04']],
  ['no-version', ['VER-02']],
  ['no-credential', ['AUTH-01']],
  ['unknown-credential', ['AUTH-02']],
  ['revoked-credential', ['AUTH-09']],
  ['no-scope', ['AUTH-13']],
]);

const DELIVERIES = 'generated deliveries';

/**
 * The operation's generated requests as one check result: one group of findings per distinct
 * failure, each saying how many cases failed so and how to replay its shrunk case (its curl line,
 * the profile's credentials shown as `$TOKEN` as everywhere the case is reported).
 */
export function resultOf(
  target: GenerateTarget,
  run: GeneratedRun,
  failures: readonly GeneratedFailure[],
  profile: Profile,
): CheckResult {
  const tested = Object.keys(run.kinds).flatMap((kind) => KIND_REQUIREMENTS.get(kind) ?? []);
  const errors = failures.filter((f) => f.severity === 'error');
  const found = errors.flatMap((f) => f.findings.map((d) => d.requirement ?? target.requirement));
  // A pass covers every rule its kinds of request tested; a failure only the rules it found broken
  // (a failed result fails every requirement it cites).
  const requirements = errors.length ? found : [target.requirement, ...tested];
  const base = {
    check: checkId(target),
    title: `generated requests to ${target.id}`,
    version: run.version,
    requirements: [...new Set(requirements)],
    durationMs: run.durationMs,
  };
  const diagnostics = failures.flatMap((failure) => {
    const replay = `replay: ${failure.curl} (seed ${failure.seed}, path ${failure.path})`;
    const share = `${failure.occurrences} of ${run.cases} cases ${failure.severity === 'error' ? 'failed' : 'answered'} so`;
    return failure.findings.map((f) =>
      redactDiagnostic({
        ...f,
        requirement: f.requirement ?? target.requirement,
        message: `${failure.case.kind} request: ${f.message}; ${share}; ${replay}`,
      }),
    );
  });
  return { ...base, status: errors.length ? 'failed' : 'passed', diagnostics };
}

/**
 * The deliveries of one version's generated requests as one check result (DLV-12, VER-08). A watch
 * that could not be set up, or received nothing at all, exercised nothing: not testable, saying
 * why.
 */
export function deliveryResult(
  version: string,
  outcome: WatchOutcome | { unwatched: string },
  began: number,
  /** The shard that shows the watch live at this version, where it is another (`--shard`). */
  shownLiveBy?: Shard,
): CheckResult {
  const base = {
    check: DELIVERIES,
    title: 'deliveries of the events the generated requests set off',
    version,
    requirements: ['DLV-12'],
    durationMs: Math.round(performance.now() - began),
  };
  if ('unwatched' in outcome)
    return { ...base, status: 'not_testable', diagnostics: [], reason: outcome.unwatched };
  if (outcome.received === 0 && shownLiveBy)
    return {
      ...base,
      status: 'not_applicable',
      diagnostics: [],
      reason: `no delivery arrived: this shard's generated requests set off no event; shard ${shardText(shownLiveBy)} sets off the event that shows the watch live at ${version} (one shard does, so no other shard's checks hear it)`,
    };
  if (outcome.received === 0)
    return { ...base, status: 'not_testable', diagnostics: [], reason: nothingReceived(outcome) };
  const diagnostics: Diagnostic[] = outcome.findings.map((f) =>
    redactDiagnostic({ ...f, rule: DELIVERIES, requirement: f.requirement ?? 'DLV-12', version }),
  );
  const notes =
    outcome.fromTraffic === 0
      ? [
          'the generated requests set off no event; one meeting.ended set off through the event trigger showed the watch would have received them',
        ]
      : [];
  return {
    ...base,
    status: diagnostics.length ? 'failed' : 'passed',
    diagnostics,
    ...(notes.length ? { notes } : {}),
  };
}

function nothingReceived({ live, liveUnjudged }: WatchOutcome): string {
  const traffic = 'no delivery arrived: the generated requests set off no event';
  if (liveUnjudged)
    return `${traffic}, and the wait for the meeting.ended the suite set off through the event trigger was cut short: ${liveUnjudged}`;
  if (live === undefined)
    return `${traffic}, and the profile names no eventTrigger to show the watch live with one of its own, so no payload was judged`;
  return `${traffic}, and the meeting.ended the suite set off through the event trigger did not arrive either, so no payload was judged`;
}

/** One progress line as an operation's requests end. */
export function progressOf(run: GeneratedRun): string {
  const label = run.failed ? 'FAILED' : 'passed';
  const cut = run.interrupted ? ', time budget reached' : '';
  const count = (n: number, what: string) =>
    n ? `, ${n} distinct ${what}${n === 1 ? '' : 's'}` : '';
  const distinct = `${count(run.distinctFailures, 'failure')}${count(run.distinctWarnings, 'warning')}`;
  return `${label.padEnd(10)} ${run.version}  generated ${run.operation}: ${run.cases} cases${cut}${distinct} (${run.durationMs} ms)`;
}
