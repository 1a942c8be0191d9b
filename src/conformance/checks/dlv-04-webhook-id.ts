import type { Check } from '../check.js';
import { nonce, waitMs, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** DLV-04: one `webhook-id` for every attempt of an event, a different one for each event. */
export const dlv04WebhookId: Check = {
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
        if (!(await hook!.arrived(2, 5000 + waitMs(context, 1))))
          return context.report({
            message: 'the failed first attempt was not retried',
            expected: 2,
            actual: hook!.received.length,
          });
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(second) });
        await hook!.arrived(3, 5000);
        const idsOf = (marker: string) =>
          hook!.received
            .filter((r) => r.body.includes(marker))
            .map((r) => String(r.headers['webhook-id']));
        const [a, b] = [idsOf(first), idsOf(second)];
        if (a.length !== 2 || a[0] !== a[1])
          context.report({
            message: 'the retry of an event has another webhook-id',
            expected: 'the same id twice',
            actual: a,
          });
        if (b.length !== 1 || a.includes(b[0]!))
          context.report({
            message: 'a second event reused the webhook-id of the first',
            expected: 'a new id',
            actual: b,
          });
      },
    );
  },
};
