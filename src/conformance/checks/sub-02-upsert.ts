import { isDeepStrictEqual } from 'node:util';
import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';
import { needCredential } from '../run/needs.js';

/**
 * SUB-02: v0 subscribe is an upsert on (event, url): the second call answers the same id and the
 * new filter (compared as a value). Both answer 200 with the subscription (SUB-01).
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
    const filter = { eventId: 'ev_1' };
    const subscribe = (json: Record<string, unknown>) =>
      call({ path: '/v0/webhook.subscribe', method: 'POST', token, json });
    const first = await subscribe({ event: 'onair.event.created', url });
    if (!expectAnswer(context, 'the first subscribe', first, { status: 200 })) return;
    const second = await subscribe({ event: 'onair.event.created', url, filter });
    const id = first.body?.id;
    if (expectAnswer(context, 'the second subscribe, with a filter', second, { status: 200 })) {
      const same = typeof id === 'string' && second.body?.id === id;
      if (!same || !isDeepStrictEqual(second.body?.filter, filter))
        context.report({
          message: `the second subscribe to the same event and url answered ${same ? 'the same id' : `id ${JSON.stringify(second.body?.id)}, not ${JSON.stringify(id)}`} and filter ${JSON.stringify(second.body?.filter)}`,
          expected: { id, filter },
          actual: second.body,
          answer: second,
        });
    }
    for (const made of new Set([id, second.body?.id]))
      if (typeof made === 'string')
        await call({ path: '/v0/webhook.unsubscribe', method: 'POST', token, form: { id: made } });
  },
};
