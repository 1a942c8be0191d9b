import type { Check } from '../check.js';
import type { CheckContext } from '../context.js';
import { nonce, withHooks } from '../deliveries.js';
import { needCredential } from '../needs.js';
import { SAMPLE_EVENTS } from '../sample-events.js';
import { rfc3339Utc } from '../units.js';

/**
 * HEALTH-01, HEALTH-02: a failure opens a streak; a success records lastSuccessAt and ends it. Both
 * times are RFC 3339 strings in UTC (SPEC.md, v1 list item; TYPE-03).
 */
export const health0102Streak: Check = {
  requirements: ['HEALTH-01', 'HEALTH-02'],
  basis: 'stated',
  title: 'A terminal failure sets failStreakStartedAt; a success sets lastSuccessAt and clears it',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    // A 400 fails at once (DLV-06), so the failure is terminal without waiting out retries.
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: (_, index) => ({ status: index === 0 ? 400 : 204 }) }],
      async ([hook]) => {
        const health = async () => {
          const listed = await context.call({ path: '/v1/webhook.list', token: reader.token });
          const entry =
            (listed.body?.webhooks ?? []).find((w: { id?: string }) => w.id === hook!.id) ?? {};
          return entry as Record<string, unknown>;
        };
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        await hook!.arrived(1, 5000);
        const failed = await health();
        if (!failed.failStreakStartedAt || failed.lastSuccessAt)
          context.report({
            message: 'after a terminal failure the list shows no failStreakStartedAt',
            expected: { failStreakStartedAt: true, lastSuccessAt: false },
            actual: present(failed),
          });
        reportFormat(context, 'HEALTH-01', 'failStreakStartedAt', failed);
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        await hook!.arrived(2, 5000);
        const recovered = await health();
        if (recovered.failStreakStartedAt || !recovered.lastSuccessAt)
          context.report({
            requirement: 'HEALTH-02',
            message: 'after a success the streak is not cleared or lastSuccessAt not set',
            expected: { failStreakStartedAt: false, lastSuccessAt: true },
            actual: present(recovered),
          });
        reportFormat(context, 'HEALTH-02', 'lastSuccessAt', recovered);
      },
    );
  },
};

type Entry = Record<string, unknown>;

/** Which health fields an entry of the list has, for a report. */
function present(entry: Entry) {
  return {
    failStreakStartedAt: Boolean(entry.failStreakStartedAt),
    lastSuccessAt: Boolean(entry.lastSuccessAt),
  };
}

/** Reports `field` of `entry` for `requirement` when it is there but no RFC 3339 UTC time. */
function reportFormat(context: CheckContext, requirement: string, field: string, entry: Entry) {
  const problem = entry[field] === undefined ? undefined : rfc3339Utc(entry[field]);
  if (problem)
    context.report({ requirement, message: `${field}: ${problem}`, actual: entry[field] });
}
