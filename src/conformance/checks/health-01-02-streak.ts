import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { type SubscribedHook, carries, nonce, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { needCredential } from '../run/needs.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { rfc3339Utc } from '../run/units.js';
import { type HealthEntry, entryWhen, listEntry } from '../reach/health-entry.js';

/** How long an event may take to arrive. */
const PATIENCE_MS = 5000;

/**
 * HEALTH-01, HEALTH-02, as the state table gives them: `lastSuccessAt` is omitted before any
 * delivery; from a success (`lastSuccessAt`), a terminal
 * failure opens a streak (`failStreakStartedAt`, "first failure after success"); the next success
 * updates `lastSuccessAt` and ends it. Both times are RFC 3339 strings in UTC (the specification, v1 list
 * item; TYPE-03). An outcome may be recorded a little after its attempt was answered, so the list
 * is read again until it shows it, or the patience ends.
 */
export const health0102Streak: Check = {
  requirements: ['HEALTH-01', 'HEALTH-02'],
  basis: 'stated',
  title: 'A terminal failure sets failStreakStartedAt; a success sets lastSuccessAt and clears it',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    // Success, then a 400, which fails at once (DLV-06) so the failure is terminal without waiting
    // out retries, then success again.
    const answers = [204, 400, 204];
    const respond = (_: unknown, index: number) => ({ status: answers[Math.min(index, 2)]! });
    return withHooks(context, [{ event: 'meeting.ended', respond }], async ([hook]) => {
      const health = () => listEntry(context, reader.token, hook!.id);
      // "Omitted until the destination has succeeded once": nothing was delivered yet.
      const fresh = await health();
      if (fresh.lastSuccessAt !== undefined)
        context.report({
          requirement: 'HEALTH-02',
          message: 'before any delivery the list shows lastSuccessAt',
          expected: { lastSuccessAt: 'omitted' },
          actual: fresh.lastSuccessAt,
        });
      const from = performance.now();
      if (!(await delivered(hook!)))
        return reportNoneArrived(context, from, 'no delivery arrived within 5 s');
      const succeeded = await entryWhen(health, (e) => Boolean(e.lastSuccessAt));
      if (!succeeded.lastSuccessAt || succeeded.failStreakStartedAt)
        context.report({
          requirement: 'HEALTH-02',
          message: 'after a first success the list shows no lastSuccessAt, or a streak',
          expected: { failStreakStartedAt: false, lastSuccessAt: true },
          actual: present(succeeded),
        });
      if (!(await delivered(hook!)))
        return context.report({ message: 'the second event was not delivered within 5 s' });
      const failed = await entryWhen(health, (e) => Boolean(e.failStreakStartedAt));
      if (!failed.failStreakStartedAt)
        context.report({
          message:
            'after a terminal failure following a success the list shows no failStreakStartedAt',
          expected: { failStreakStartedAt: true },
          actual: present(failed),
        });
      reportFormat(context, 'HEALTH-01', 'failStreakStartedAt', failed);
      if (!(await delivered(hook!)))
        return context.report({ message: 'the third event was not delivered within 5 s' });
      const recovered = await entryWhen(
        health,
        (e) => !e.failStreakStartedAt && Boolean(e.lastSuccessAt),
      );
      if (recovered.failStreakStartedAt || !recovered.lastSuccessAt)
        context.report({
          requirement: 'HEALTH-02',
          message: 'after a success the streak is not cleared or lastSuccessAt not set',
          expected: { failStreakStartedAt: false, lastSuccessAt: true },
          actual: present(recovered),
        });
      reportFormat(context, 'HEALTH-02', 'lastSuccessAt', recovered);
    });
  },
};

/** Emits one event to `hook` and waits until it arrived; says whether it did. */
async function delivered(hook: SubscribedHook): Promise<boolean> {
  const marker = nonce();
  await hook.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
  return until(() => hook.received.some((r) => carries(r, marker)), PATIENCE_MS);
}

/** Which health fields an entry of the list has, for a report. */
function present(entry: HealthEntry) {
  return {
    failStreakStartedAt: Boolean(entry.failStreakStartedAt),
    lastSuccessAt: Boolean(entry.lastSuccessAt),
  };
}

/** Reports `field` of `entry` for `requirement` when it is there but no RFC 3339 UTC time. */
function reportFormat(
  context: CheckContext,
  requirement: string,
  field: string,
  entry: HealthEntry,
) {
  const problem = entry[field] === undefined ? undefined : rfc3339Utc(entry[field]);
  if (problem)
    context.report({ requirement, message: `${field}: ${problem}`, actual: entry[field] });
}
