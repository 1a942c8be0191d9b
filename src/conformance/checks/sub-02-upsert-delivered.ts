import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';
import { nonce, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

const { onAir } = SAMPLE_EVENTS;

/**
 * SUB-02: a v0 subscribe to an event and URL already subscribed updates that subscription, filter
 * included: what it delivers afterwards follows the new filter, not the old one (an answer that
 * echoes the new filter while deliveries keep the old one is the fault this shows). The hook is
 * subscribed with `eventId` A, subscribed again with B; an event of A is then refused, one of B
 * taken.
 */
export const sub02UpsertDelivered: Check = {
  requirements: ['SUB-02'],
  basis: 'stated',
  title: 'After a v0 upsert, deliveries follow the new filter',
  exclusive: ['v0 onair.event.created'],
  async run(context) {
    const [before, after] = [nonce(), nonce()];
    const hooks = [
      { generation: 'v0' as const, event: 'onair.event.created', filter: { eventId: before } },
    ];
    return withHooks(context, hooks, async ([hook]) => {
      const again = await context.call({
        path: '/v0/webhook.subscribe',
        method: 'POST',
        token: hook!.token,
        json: { event: 'onair.event.created', url: hook!.url, filter: { eventId: after } },
      });
      if (!expectAnswer(context, 'subscribing again with filter eventId B', again, { status: 200 }))
        return;
      const made = again.body?.id;
      const ofEvent = (eventId: string) => (m: string) =>
        hook!.emit(onAir('onair.event.created', eventId, m));
      await judgeFilter(context, hook!, 'onair.event.created upserted from eventId A to B', [
        ['an event of A, the old filter', ofEvent(before)],
        ['an event of B, the new filter', ofEvent(after)],
      ]);
      // Another id is SUB-02's other rule (sub-02-upsert); it is removed all the same.
      if (typeof made === 'string' && made !== hook!.id)
        await context.call({
          path: '/v0/webhook.unsubscribe',
          method: 'POST',
          token: hook!.token,
          form: { id: made },
        });
    });
  },
};
