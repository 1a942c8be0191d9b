import type { Check } from '../check.js';
import { nonce, scaledMs, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** DLV-04: one `webhook-id` for every attempt of an event, a different one for each event. */
export const dlv04WebhookId: Check = {
  id: 'dlv-04-webhook-id',
  requirements: ['DLV-04'],
  title: 'webhook-id is stable across retries and unique across events',
  async run(context) {
    // The first event's first attempt fails, so it is retried; everything after is acknowledged.
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: (_, index) => ({ status: index === 0 ? 503 : 204 }) }],
      async ([hook]) => {
        const [first, second] = [nonce(), nonce()];
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(first) });
        if (!(await hook!.arrived(2, 5000 + scaledMs(context, 1))))
          return [
            finding(
              this.id,
              'DLV-04',
              'the failed first attempt was not retried',
              2,
              hook!.received.length,
            ),
          ];
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(second) });
        await hook!.arrived(3, 5000);
        const idsOf = (marker: string) =>
          hook!.received
            .filter((r) => r.body.includes(marker))
            .map((r) => String(r.headers['webhook-id']));
        const [a, b] = [idsOf(first), idsOf(second)];
        const diagnostics: Diagnostic[] = [];
        if (a.length !== 2 || a[0] !== a[1])
          diagnostics.push(
            finding(
              this.id,
              'DLV-04',
              'the retry of an event has another webhook-id',
              'the same id twice',
              a,
            ),
          );
        if (b.length !== 1 || a.includes(b[0]!))
          diagnostics.push(
            finding(
              this.id,
              'DLV-04',
              'a second event reused the webhook-id of the first',
              'a new id',
              b,
            ),
          );
        return diagnostics;
      },
    );
  },
};
