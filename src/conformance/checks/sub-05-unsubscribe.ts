import { randomUUID } from 'node:crypto';
import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';
import { needCredential } from '../run/needs.js';

/**
 * SUB-05: v0 unsubscribe answers 204 with no body, then 404 ("subscription not found") for the
 * same id, and for an id never made; without `id` (required), 400. The id is the v0 subscribe
 * answer's (SUB-01 shows it).
 */
export const sub05Unsubscribe: Check = {
  requirements: ['SUB-05'],
  basis: 'stated',
  title: 'Unsubscribe gives 204, then 404',
  exclusive: ['v0 onair.event.updated'],
  async run(context) {
    const need = needCredential(context, {
      operation: 'v0 post /webhook.unsubscribe',
      scopes: ['webhook:write'],
    });
    if ('skip' in need) return need;
    const { call } = context;
    const { token } = need;
    const created = await call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: {
        event: 'onair.event.updated',
        url: `https://conformance.example.com/gone/${Date.now()}`,
      },
    });
    const id = created.body?.id;
    // Without a subscription there is nothing to unsubscribe: the rule could not hold.
    if (typeof id !== 'string')
      return void context.report({
        message: `v0 subscribe answered ${created.status} without an id, so there was nothing to unsubscribe`,
        expected: { status: 200, id: 'a uuid' },
        actual: { status: created.status, body: created.body },
        answer: created,
      });
    const unsubscribe = () =>
      call({ path: '/v0/webhook.unsubscribe', method: 'POST', token, form: { id } });
    const first = await unsubscribe();
    if (
      expectAnswer(context, `unsubscribing ${id}`, first, { status: 204 }) &&
      first.body !== undefined
    )
      context.report({
        message: `unsubscribing ${id} answered 204 with a body`,
        expected: 'no body',
        actual: first.body,
        answer: first,
      });
    const again = await unsubscribe();
    expectAnswer(context, `unsubscribing ${id} again`, again, { status: 404 });
    const never = randomUUID();
    const unknown = await call({
      path: '/v0/webhook.unsubscribe',
      method: 'POST',
      token,
      form: { id: never },
    });
    expectAnswer(context, `unsubscribing ${never}, an id never made`, unknown, { status: 404 });
    // `id` is required: without it, v0's bad request.
    const bare = await call({ path: '/v0/webhook.unsubscribe', method: 'POST', token, form: {} });
    expectAnswer(context, 'unsubscribing without an id', bare, { status: 400 });
  },
};
