import type { Check } from '../run/check.js';
import { needCredential } from '../run/needs.js';
import type { StaticSubscription } from '../profile/profile.js';

type Listed = Record<string, unknown>;

/**
 * SUB-07: v1 list shows static subscriptions as well as dynamic ones. Each subscription the profile
 * declares (format 2) must be listed with its event and url and `dynamic: false`; format 1 declares
 * none, so there is nothing to hold the list to.
 */
export const sub07StaticList: Check = {
  requirements: ['SUB-07'],
  basis: 'stated',
  title: 'v1 list shows every declared static subscription as static',
  async run(context) {
    const declared = context.profile.staticSubscriptions;
    if (!declared)
      return {
        skip: 'not_testable',
        reason:
          'the profile declares no staticSubscriptions (format 1); format 2 lists them, [] for none',
      };
    const need = needCredential(context, {
      operation: 'v1 get /webhook.list',
      pin: context.version,
      scopes: ['webhook:read'],
    });
    if ('skip' in need) return need;
    const answer = await context.call({ path: '/v1/webhook.list', token: need.token });
    const webhooks = answer.body?.webhooks;
    if (!Array.isArray(webhooks))
      return void context.report({
        message: 'v1 list answered no webhooks array',
        expected: { webhooks: declared },
        actual: { status: answer.status, body: answer.body },
        answer,
      });
    for (const subscription of declared) {
      const problem = listingProblem(subscription, webhooks);
      if (problem)
        context.report({
          message: `static ${subscription.event} to ${subscription.url}: ${problem}`,
          expected: { ...subscription, dynamic: false },
          actual: webhooks.filter((w: Listed) => w?.url === subscription.url),
          answer,
        });
    }
  },
};

/** Why the list does not show `subscription` as static, or undefined when it does. */
function listingProblem(subscription: StaticSubscription, webhooks: Listed[]): string | undefined {
  const same = webhooks.filter(
    (w) => w?.event === subscription.event && w?.url === subscription.url,
  );
  if (same.length === 0) return 'not listed';
  if (!same.some((w) => w.dynamic === false))
    return `listed with dynamic ${same.map((w) => JSON.stringify(w.dynamic)).join(', ')}`;
  return undefined;
}
