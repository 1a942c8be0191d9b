import type { Check } from '../check.js';
import { nonce, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { needCredential } from '../needs.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** HEALTH-01, HEALTH-02: a failure opens a streak; a success records lastSuccessAt and ends it. */
export const health0102Streak: Check = {
  id: 'health-01-02-streak',
  requirements: ['HEALTH-01', 'HEALTH-02'],
  title: 'A terminal failure sets failStreakStartedAt; a success sets lastSuccessAt and clears it',
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
          return {
            failStreakStartedAt: Boolean(entry.failStreakStartedAt),
            lastSuccessAt: Boolean(entry.lastSuccessAt),
          };
        };
        const diagnostics: Diagnostic[] = [];
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        await hook!.arrived(1, 5000);
        const failed = await health();
        if (!failed.failStreakStartedAt || failed.lastSuccessAt)
          diagnostics.push(
            finding(
              this.id,
              'HEALTH-01',
              'after a terminal failure the list shows no failStreakStartedAt',
              { failStreakStartedAt: true, lastSuccessAt: false },
              failed,
            ),
          );
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        await hook!.arrived(2, 5000);
        const recovered = await health();
        if (recovered.failStreakStartedAt || !recovered.lastSuccessAt)
          diagnostics.push(
            finding(
              this.id,
              'HEALTH-02',
              'after a success the streak is not cleared or lastSuccessAt not set',
              { failStreakStartedAt: false, lastSuccessAt: true },
              recovered,
            ),
          );
        return diagnostics;
      },
    );
  },
};
