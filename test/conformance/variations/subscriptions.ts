import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { FaultHooks } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';

/** An answer hook for one path's successful answers. */
const onSuccess = (path: string, change: (answer: WrittenAnswer) => WrittenAnswer): FaultHooks => ({
  answer: (answer, exchange) =>
    exchange.path === path && answer.status >= 200 && answer.status < 300 ? change(answer) : answer,
});

const bodyOf = (answer: WrittenAnswer): Record<string, unknown> =>
  answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {};

/**
 * Choices about subscriptions the specification leaves open: the v1 subscribe answer ("request and
 * response shapes not shown", Endpoints > Other v1 endpoints named), the ids it gives.
 */
export const SUBSCRIPTION_VARIATIONS: Variation[] = [
  {
    id: 'v1-subscribe-answer-wrapped',
    choice:
      'v1 subscribe answers {ok, webhook: {id, event, url, ...}}: its answer is not shown, so the suite finds the subscription in the list',
    requirements: ['SUB-07', 'SUB-03', 'SUB-09', 'VER-14', 'DLV-04', 'HEALTH-01'],
    hooks: () =>
      onSuccess('/v1/webhook.subscribe', (answer) => {
        const { ok: _, ...subscription } = bodyOf(answer);
        return { ...answer, body: { ok: true, webhook: subscription } };
      }),
    generate: true,
    alone: true,
  },
  {
    id: 'v1-subscribe-answer-ok-only',
    choice: 'v1 subscribe answers {ok: true} alone: its answer is not shown',
    requirements: ['SUB-07', 'SUB-03', 'VER-14', 'DLV-04', 'HEALTH-01'],
    hooks: () =>
      onSuccess('/v1/webhook.subscribe', (answer) => ({ ...answer, body: { ok: true } })),
    generate: true,
  },
];
