import type { Received } from '../callback/receiver.js';
import { reportNoneArrived } from '../reach/attempts.js';
import { carries, nonce, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { type HealthEntry, entryWhen, listEntry } from '../reach/health-entry.js';
import { ANSWER_WINDOW_MS } from '../reach/settle.js';
import type { Check, Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { needCredential } from '../run/needs.js';

/** How long the retry's answer is held while the list is read: well inside DLV-08's 3 s. */
const HOLD_MS = 1000;
/** How long an event may take to arrive, beyond any retry wait. */
const PATIENCE_MS = 5000;
/**
 * How long after a second terminal failure arrived the list is watched for a start that moves: a
 * correct implementation shows no change, so this bounds the wait, not a verdict.
 */
const WATCH_MS = 1000;

/**
 * HEALTH-01, the clauses health-01-02-streak does not reach: a streak opens when a "delivery fails
 * terminally", so a failed attempt that will be retried opens none (the list is read while the
 * retry's answer is held, before it succeeds); and `failStreakStartedAt` is the "start of the
 * current consecutive-failure span", so a second terminal failure does not move it. A 400 fails
 * at once (DLV-06), so those failures are terminal without waiting out retries.
 */
export const health01StreakSpan: Check = {
  requirements: ['HEALTH-01'],
  basis: 'stated',
  title: 'Only a terminal failure opens a streak, and a later failure does not move its start',
  // Its own On-Air event's subscription hears only what it emits (filter `eventId`), so it runs
  // beside the checks of other events and of its other versions; an implementation that ignores
  // that filter (sub-09-v1-on-air-filters' finding) may disturb it with their On-Air events.
  shared: ['v1 onair.event.created'],
  async run(context) {
    const skip = tooLong(context, 2);
    if (skip) return skip;
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    const [retried, first, second] = [nonce(), nonce(), nonce()];
    let failed = false;
    const respond = (r: Received) => {
      if (!carries(r, retried)) return { status: 400 };
      if (failed) return { status: 204, delayMs: HOLD_MS };
      failed = true;
      return { status: 500 };
    };
    const onAirEventId = nonce();
    const hooks = [{ event: 'onair.event.created', filter: { eventId: onAirEventId }, respond }];
    return withHooks(context, hooks, async ([hook]) => {
      const health = () => listEntry(context, reader.token, hook!.id);
      const emit = async (marker: string, count = 1) => {
        const from = performance.now();
        await hook!.emit({ data: { id: marker }, context: { onAirEventId } });
        const patience = waitMs(context, 2) + ANSWER_WINDOW_MS + PATIENCE_MS;
        const came = await until(() => arrivals(hook!.received, marker) >= count, patience);
        return came ? undefined : from;
      };
      const noRetry = await emit(retried, 2);
      if (noRetry !== undefined) return retryMissing(hook!.received, retried);
      judgeHeldRetry(context, await health());
      await entryWhen(health, (e) => Boolean(e.lastSuccessAt));
      const late = await emit(first);
      if (late !== undefined) return reportNoneArrived(context, late, 'no delivery arrived');
      const opened = await entryWhen(health, (e) => Boolean(e.failStreakStartedAt));
      if (!opened.failStreakStartedAt)
        return {
          skip: 'not_testable',
          reason:
            'a terminal failure after a success opened no streak (health-01-02-streak judges that), so its start could not be followed',
        };
      const later = await emit(second);
      if (later !== undefined) return reportNoneArrived(context, later, 'no delivery arrived');
      const start = opened.failStreakStartedAt;
      const moved = await entryWhen(health, (e) => e.failStreakStartedAt !== start, WATCH_MS);
      if (moved.failStreakStartedAt !== start)
        context.report({
          message:
            'a second terminal failure changed failStreakStartedAt: it is the start of the current consecutive-failure span',
          expected: start,
          actual: moved.failStreakStartedAt ?? 'omitted',
        });
    });
  },
};

const arrivals = (received: readonly Received[], marker: string) =>
  received.filter((r) => carries(r, marker)).length;

/** Nothing lies between two attempts without a retry: not testable here (dlv-06's finding). */
function retryMissing(received: readonly Received[], marker: string): Skip {
  return {
    skip: 'not_testable',
    reason: `the delivery answered 500 got ${arrivals(received, marker)} attempt(s), no retry, so no list could be read between two attempts (dlv-06-attempts judges the retries)`,
  };
}

/** Read while the retry's answer is held: the failure before it was not terminal. */
function judgeHeldRetry(context: CheckContext, entry: HealthEntry): void {
  if (entry.failStreakStartedAt === undefined) return;
  context.report({
    message:
      'while a delivery answered 500 was being retried, the list showed failStreakStartedAt: only a terminal failure opens a streak',
    expected: { failStreakStartedAt: 'omitted' },
    actual: entry.failStreakStartedAt,
  });
}
