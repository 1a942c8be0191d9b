import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { nonce, withHooks } from '../deliveries.js';
import { judgeFilter, onAir } from './sub-04-v0-on-air-filters.js';

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
      const emit = (data: Record<string, unknown>) => hook!.emit({ data });
      await judgeFilter(context, hook!, emit, 'onair.event.created upserted from eventId A to B', [
        ['an event of A, the old filter', (m) => onAir('onair.event.created', before, m)],
        ['an event of B, the new filter', (m) => onAir('onair.event.created', after, m)],
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
