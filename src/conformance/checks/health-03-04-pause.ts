import { setTimeout as sleep } from 'node:timers/promises';
import type { Check, Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  type SubscribedHook,
  carries,
  nonce,
  tooLong,
  waitMs,
  withHooks,
} from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { needCredential } from '../run/needs.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { rfc3339Utc } from '../run/units.js';
import { type HealthEntry, entryWhen, listEntry } from '../reach/health-entry.js';

const DAY = 86_400;
/** How long an emitted event may take to arrive, and a pause to show in the list. */
const PATIENCE_MS = 5000;

/**
 * HEALTH-03, HEALTH-04: a v1 subscription failing for 24 hours is paused (`disabledAt`, no more
 * deliveries), and not before; a v0 one is never paused. Waits out a day at the profile's time
 * scale.
 *
 * The same check at other versions runs at the same time, and its events reach these hooks too.
 * They answer every attempt with 400, whosever event it is, so no success ever ends their streak:
 * another run's failures can only start it earlier, never later than this run's first one, and
 * never before the hooks existed. So each verdict holds whatever else arrives: not paused while
 * less than a day passed since subscribing; paused a day after this run's first failure; none of
 * this run's events delivered once paused; every one of them delivered to v0.
 */
export const health0304Pause: Check = {
  requirements: ['HEALTH-03', 'HEALTH-04'],
  basis: 'stated',
  title: 'A day of failures pauses a v1 subscription and never a v0 one',
  // app.uninstalled: an event no other check emits. Others emit transcript:started (DLV-12).
  shared: ['v1 app.uninstalled', 'v0 transcript:started'],
  background: true,
  async run(context) {
    const skip = tooLong(context, DAY, 'failStreak');
    if (skip) return skip;
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    const day = waitMs(context, DAY, 'failStreak');
    // No failure of these hooks can come before this, so no streak of theirs is longer than the
    // time since.
    const opened = performance.now();
    // 400 fails at once (DLV-06): one attempt per event.
    const hooks = [
      { event: 'app.uninstalled', respond: () => ({ status: 400 }) },
      { generation: 'v0' as const, event: 'transcript:started', respond: () => ({ status: 400 }) },
    ];
    let unsure: Skip | undefined;
    const ran = await withHooks(context, hooks, async ([v1, v0]) => {
      const health = () => listEntry(context, reader.token, v1!.id);
      const events = [emission(), emission(), emission(), emission()];
      const [first, middle, second, third] = events as [Emission, Emission, Emission, Emission];
      await first.emit(v1!, v0!);
      await until(() => first.heardBy(v1!, v0!), PATIENCE_MS);
      const failedAt = performance.now();
      // A quarter of a day on, or sooner where the first delivery took a while (a busy machine):
      // the list must be read within a day of subscribing.
      await sleep(Math.max(0, Math.min(day / 4, opened + day / 2 - performance.now())));
      // Another failure a quarter of a day on: a subscription paused by a count of failures rather
      // than their span shows it now. The v1 event goes first, so once the v0 one arrived it came too,
      // unless the subscription is paused already.
      await middle.emit(v1!, v0!);
      await until(() => heard(v0!, middle.transcript), PATIENCE_MS);
      await sleep(50);
      const early = await health();
      // Read within a day of subscribing, a pause is early whatever the implementation's timers
      // did: they run late on a busy machine, never early. Read later, it says nothing: measured
      // again (the machine kept the suite from reading in time).
      const readAfter = performance.now() - opened;
      if (readAfter >= day)
        unsure = {
          skip: 'not_testable',
          rerun: true,
          reason: `the list was read ${Math.round(readAfter)} ms after subscribing, past the ${Math.round(day)} ms day at the profile's failStreak time scale, so whether the subscription was paused early cannot be judged; run on a less busy machine`,
        };
      else if (early.disabledAt)
        context.report({
          message: 'the v1 subscription was paused before its failures spanned a day',
          expected: 'no disabledAt',
          actual: early,
        });
      await sleep(Math.max(0, failedAt + day * 1.05 + 50 - performance.now()));
      // Delivered and failing, or not delivered when already paused: both keep to the rule.
      await second.emit(v1!, v0!);
      const paused = await entryWhen(health, (e) => Boolean(e.disabledAt));
      await third.emit(v1!, v0!);
      const v0Heard = () => events.filter((e) => heard(v0!, e.transcript)).length;
      await until(() => v0Heard() === events.length, PATIENCE_MS);
      // The v1 event was emitted first: past the v0 one's arrival, it would have come too.
      await sleep(200);
      reportPause(context, paused, v1!, third.marker);
      if (v0Heard() !== events.length)
        context.report({
          requirement: 'HEALTH-04',
          message: 'the v0 subscription stopped getting deliveries after a day of failures',
          expected: events.length,
          actual: v0Heard(),
        });
    });
    return ran ?? unsure;
  },
};

type Emission = ReturnType<typeof emission>;

/** One event for each hook, each carrying its own marker: other runs' events are not counted. */
function emission() {
  const [marker, transcript] = [nonce(), SAMPLE_EVENTS.transcriptStarted()];
  return {
    marker,
    transcript: transcript.id,
    async emit(v1: SubscribedHook, v0: SubscribedHook) {
      await v1.emit({ data: { id: marker } });
      await v0.emit({ data: transcript });
    },
    heardBy: (v1: SubscribedHook, v0: SubscribedHook) =>
      heard(v1, marker) && heard(v0, transcript.id),
  };
}

/** Events heard, not attempts: an attempt answered late on a busy machine is retried. */
function heard(hook: SubscribedHook, marker: string): boolean {
  return hook.received.some((r) => carries(r, marker));
}

/** HEALTH-03: after a day of failures `disabledAt` is set, in RFC 3339 UTC, and nothing arrives. */
function reportPause(
  context: CheckContext,
  entry: HealthEntry,
  v1: SubscribedHook,
  marker: string,
) {
  if (!entry.disabledAt)
    context.report({
      message: 'after failing for a day the v1 subscription has no disabledAt',
      expected: 'disabledAt set',
      actual: entry,
    });
  const problem = entry.disabledAt === undefined ? undefined : rfc3339Utc(entry.disabledAt);
  if (problem) context.report({ message: `disabledAt: ${problem}`, actual: entry.disabledAt });
  const attempts = v1.received.filter((r) => carries(r, marker)).length;
  if (attempts > 0)
    context.report({
      message: 'an event emitted after a day of failures still reached the v1 subscription',
      expected: 0,
      actual: attempts,
    });
}
