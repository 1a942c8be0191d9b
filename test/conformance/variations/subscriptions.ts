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

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const WHK = /^whk_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;
/** A v1 subscription id as the variation shows it (`whk_` and 32 hex digits), and back. */
const toWhk = (id: unknown) => (typeof id === 'string' ? id.replace(UUID, 'whk_$1$2$3$4$5') : id);
const fromWhk = (id: unknown) => (typeof id === 'string' ? id.replace(WHK, '$1-$2-$3-$4-$5') : id);

/** v1 ids in the `whk_` form: in the list and subscribe's answers, and read back on unsubscribe. */
const whkIds = (): FaultHooks => ({
  request: (request) =>
    request.generation === 'v1' && request.path === '/webhook.unsubscribe'
      ? {
          ...request,
          body: { ...(request.body as object), id: fromWhk((request.body as { id?: unknown }).id) },
        }
      : request,
  answer: (answer, exchange) => {
    if (!exchange.path.startsWith('/v1/webhook.') || answer.status >= 300) return answer;
    const body = bodyOf(answer);
    const webhooks = Array.isArray(body.webhooks)
      ? body.webhooks.map((w: Record<string, unknown>) => ({ ...w, id: toWhk(w.id) }))
      : undefined;
    return {
      ...answer,
      body: {
        ...body,
        ...('id' in body ? { id: toWhk(body.id) } : {}),
        ...(webhooks ? { webhooks } : {}),
      },
    };
  },
});

/** A personal access token made with `webhook:write` too (AUTH-11: its scope groups). */
const withWebhookWrite = <T extends { kind: string; scopes: string[] }>(credential: T): T =>
  credential.kind === 'personal_access_token' && !credential.scopes.includes('webhook:write')
    ? { ...credential, scopes: [...credential.scopes, 'webhook:write'] }
    : credential;

/**
 * Choices about subscriptions the specification leaves open: the v1 subscribe answer ("request and
 * response shapes not shown", Endpoints > Other v1 endpoints named), the ids it gives (the v1 list
 * item's `id` is a string, not a uuid), and whether a v0 subscription without a filter shows one
 * (`filter` is nullable and not required).
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
  {
    id: 'v1-ids-whk',
    choice:
      'v1 subscription ids are whk_ and 32 hex digits: the v1 list item says only that id is a string',
    requirements: ['SUB-07', 'SUB-09', 'SUB-03', 'AUTH-13', 'VER-14', 'DLV-04', 'HEALTH-01'],
    hooks: whkIds,
  },
  {
    // AUTH-12: a subscription a personal token made is its app's, delivered signed with its secret.
    id: 'personal-tokens-subscribe',
    choice:
      'personal access tokens are made with webhook:write and may use v1 subscribe: the scope groups and the personal-access allowlist are not shown (Authentication 9)',
    requirements: ['AUTH-12', 'AUTH-11', 'SUB-06'],
    hooks: () => ({ credential: withWebhookWrite }),
    declare: (profile) => ({ ...profile, credentials: profile.credentials.map(withWebhookWrite) }),
  },
  {
    id: 'v0-subscribe-without-filter-omits-it',
    choice:
      "v0 subscribe without a filter answers no filter key at all: the v0 subscription's filter is nullable and not required",
    requirements: ['SUB-01', 'SUB-02'],
    hooks: () =>
      onSuccess('/v0/webhook.subscribe', (answer) => {
        const { filter, ...rest } = bodyOf(answer);
        return filter === null || filter === undefined ? { ...answer, body: rest } : answer;
      }),
  },
];
