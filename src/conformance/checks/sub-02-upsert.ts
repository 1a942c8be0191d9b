import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/**
 * SUB-02: v0 subscribe is an upsert on (event, url): the second call keeps the id, takes the
 * filter.
 */
export const sub02Upsert: Check = {
  requirements: ['SUB-02'],
  basis: 'stated',
  title: 'Subscribing twice to one event and URL updates one subscription',
  exclusive: ['v0 onair.event.created'],
  async run(context) {
    const need = needCredential(context, {
      operation: 'v0 post /webhook.subscribe',
      scopes: ['webhook:write'],
    });
    if ('skip' in need) return need;
    const { call } = context;
    const { token } = need;
    const url = `https://conformance.example.com/upsert/${Date.now()}`;
    const first = await call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: { event: 'onair.event.created', url },
    });
    const second = await call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: { event: 'onair.event.created', url, filter: { eventId: 'ev_1' } },
    });
    if (
      first.status === 200 &&
      second.status === 200 &&
      first.body?.id &&
      first.body.id === second.body?.id &&
      second.body?.filter?.eventId === 'ev_1'
    ) {
      await call({
        path: '/v0/webhook.unsubscribe',
        method: 'POST',
        token,
        form: { id: first.body.id },
      });
      return;
    }
    context.report({
      message: 'the second subscribe did not update the first',
      expected: { id: first.body?.id, filter: { eventId: 'ev_1' } },
      actual: second.body,
    });
  },
};
