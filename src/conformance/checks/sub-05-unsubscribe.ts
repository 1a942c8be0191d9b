import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/** SUB-05: v0 unsubscribe answers 204 with no body, then 404 for the same id. */
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
    const id = String(created.body?.id ?? '');
    const first = await call({
      path: '/v0/webhook.unsubscribe',
      method: 'POST',
      token,
      form: { id },
    });
    const again = await call({
      path: '/v0/webhook.unsubscribe',
      method: 'POST',
      token,
      form: { id },
    });
    const seen = [first.status, first.body === undefined ? 'no body' : 'a body', again.status];
    if (seen.join() === '204,no body,404') return;
    context.report({
      message: 'unsubscribe twice did not give 204 then 404',
      expected: [204, 'no body', 404],
      actual: seen,
    });
  },
};
