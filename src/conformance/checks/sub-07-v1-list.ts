import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/**
 * SUB-07: v1 list answers `{webhooks: [...]}` with static and dynamic entries told apart by
 * `dynamic`.
 */
export const sub07V1List: Check = {
  requirements: ['SUB-07'],
  basis: 'stated',
  title: 'v1 list shows a new subscription as dynamic, and it is gone after unsubscribe',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 post /webhook.subscribe',
      pin: context.version,
      scopes: ['webhook:write', 'webhook:read'],
    });
    if ('skip' in need) return need;
    const { call } = context;
    const { token } = need;
    const url = `https://conformance.example.com/sub-07/${Date.now()}`;
    const created = await call({
      path: '/v1/webhook.subscribe',
      method: 'POST',
      token,
      json: { event: 'meeting.ended', url },
    });
    const id = created.body?.id;
    const listed = async () =>
      ((await call({ path: '/v1/webhook.list', token })).body?.webhooks ?? null) as Array<
        Record<string, unknown>
      > | null;
    const before = await listed();
    const entry = before?.find((w) => w.id === id);
    if (!entry || entry.dynamic !== true || entry.url !== url || entry.event !== 'meeting.ended') {
      context.report({
        message: 'the new subscription is not listed as dynamic with its event and url',
        expected: { id, event: 'meeting.ended', url, dynamic: true },
        actual: entry ?? before,
      });
    }
    await call({ path: '/v1/webhook.unsubscribe', method: 'POST', token, json: { id } });
    const after = await listed();
    if (!Array.isArray(after) || after.some((w) => w.id === id))
      context.report({
        message: 'after unsubscribe the list still has the subscription, or no webhooks array',
        expected: 'webhooks without it',
        actual: after,
      });
  },
};
