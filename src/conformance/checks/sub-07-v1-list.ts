import type { Check } from '../run/check.js';
import { SUCCESS, expectAnswer } from '../run/expect-answer.js';
import { findSubscription, readList } from '../reach/find-subscription.js';
import { needCredential } from '../run/needs.js';

/**
 * SUB-07: v1 list answers `{webhooks: [...]}` with static and dynamic entries told apart by
 * `dynamic`. What v1 subscribe created is found in the list by event and url: the subscribe answer
 * is not shown ("Other v1 endpoints named"), the list's entries are.
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
    const [event, url] = ['meeting.ended', `https://conformance.example.com/sub-07/${Date.now()}`];
    const created = await call({
      path: '/v1/webhook.subscribe',
      method: 'POST',
      token,
      json: { event, url },
    });
    if (!expectAnswer(context, `subscribing to ${event} at ${url}`, created, { status: SUCCESS }))
      return;
    const found = await findSubscription(context, { token, event, url });
    if ('skip' in found) return found;
    if ('problem' in found) return void context.report({ message: found.problem });
    if (found.entry.dynamic !== true)
      context.report({
        message: `the new subscription ${found.id} is listed with dynamic ${JSON.stringify(found.entry.dynamic)}, not true`,
        expected: { event, url, dynamic: true },
        actual: found.entry,
      });
    // "Omitted when no filter is set": a null is left to the list's schema.
    if (found.entry.filter !== undefined && found.entry.filter !== null)
      context.report({
        message: `the new subscription ${found.id}, made without a filter, is listed with filter ${JSON.stringify(found.entry.filter)}`,
        expected: 'no filter',
        actual: found.entry,
      });
    const removed = await call({
      path: '/v1/webhook.unsubscribe',
      method: 'POST',
      token,
      json: { id: found.id },
    });
    if (!expectAnswer(context, `unsubscribing ${found.id}`, removed, { status: SUCCESS })) return;
    const after = await readList(context, token);
    if ('entries' in after && after.entries.some((w) => w.id === found.id))
      context.report({
        message: `after unsubscribe the list still has subscription ${found.id}`,
        expected: 'webhooks without it',
        actual: after.entries.filter((w) => w.id === found.id),
      });
    if ('problem' in after) context.report({ message: after.problem });
  },
};
