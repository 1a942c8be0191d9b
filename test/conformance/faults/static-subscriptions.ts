import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';

type Listed = Record<string, unknown>;

/** Rewrites the entries of every successful v1 list. */
const onList = (change: (webhooks: Listed[]) => Listed[]): FaultHooks => ({
  answer: (answer, exchange) => {
    if (exchange.path !== '/v1/webhook.list' || answer.status !== 200) return answer;
    const body = answer.body as { webhooks?: Listed[] } | undefined;
    if (!Array.isArray(body?.webhooks)) return answer;
    return { ...answer, body: { ...body, webhooks: change(body.webhooks) } } as WrittenAnswer;
  },
});

/**
 * Faults of SUB-07's static half: the subscriptions the profile declares as configured statically;
 * listed in FAULTS by fault-catalogue.ts.
 */
export const STATIC_SUBSCRIPTION_FAULTS: Fault[] = [
  {
    // SUB-07: the list shows only what the subscribe endpoint created.
    id: 'static-subscriptions-not-listed',
    requirement: 'SUB-07',
    hooks: () => onList((webhooks) => webhooks.filter((w) => w.dynamic !== false)),
  },
  {
    // SUB-07: every entry said to be dynamic, the static ones too.
    id: 'static-subscriptions-listed-as-dynamic',
    requirement: 'SUB-07',
    hooks: () => onList((webhooks) => webhooks.map((w) => ({ ...w, dynamic: true }))),
  },
];
