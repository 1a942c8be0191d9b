import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Exchange, FaultHooks } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';

type Body = Record<string, unknown>;

export const bodyOf = (answer: WrittenAnswer): Body =>
  answer.body && typeof answer.body === 'object' && !Array.isArray(answer.body)
    ? (answer.body as Body)
    : {};

/** The JSON body the request was sent with, whether or not the front passed it. */
export const sentBody = (exchange: Exchange): Record<string, any> => {
  try {
    const value = JSON.parse(exchange.sent);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
};

/** A header of the answer, whatever the case its writer gave its name. */
export const headerOf = (answer: WrittenAnswer, name: string): string | undefined =>
  Object.entries(answer.headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** The answer's machine-readable code: v1's `error`, v0's `code`. */
const codeOf = (answer: WrittenAnswer): unknown => bodyOf(answer).error ?? bodyOf(answer).code;

/** An answer hook for the answers `when` picks. */
export const answering = (
  when: (answer: WrittenAnswer, exchange: Exchange) => boolean,
  change: (answer: WrittenAnswer, exchange: Exchange) => WrittenAnswer,
): FaultHooks => ({
  answer: (answer, exchange) => (when(answer, exchange) ? change(answer, exchange) : answer),
});

/** The same answer under another status and code, in its generation's field (v0 `code`). */
const recoded = (
  answer: WrittenAnswer,
  exchange: Exchange,
  status: number,
  code: string,
): WrittenAnswer => ({
  ...answer,
  status,
  body: exchange.path.startsWith('/v0/') ? { code } : { error: code },
});

/** A refusal of a credential without the operation's scope or access (this contract's code). */
const scopeRefusal = (answer: WrittenAnswer) => codeOf(answer) === 'missing_scope';

/** The value with its object keys in reverse order, at every depth. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reordered(child)]),
  );
}

/**
 * Choices about refusals the specification leaves open: which status a missing scope gets where
 * none is given (v1 subscribe and unsubscribe), the codes it names nowhere (`missing_scope` is
 * this contract's), the rest of an error body ("The JSON error body shape: not shown"), and how
 * JSON is written.
 */
export const ERROR_VARIATIONS: Variation[] = [
  {
    id: 'v1-subscription-scope-refused-403',
    choice:
      'v1 subscribe and unsubscribe refuse a credential without webhook:write with 403 insufficient_scope: their answers are not shown',
    requirements: ['AUTH-13'],
    hooks: () =>
      answering(
        (a, e) => /^\/v1\/webhook\.(un)?subscribe$/.test(e.path) && scopeRefusal(a),
        (a, e) => recoded(a, e, 403, 'insufficient_scope'),
      ),
  },
  {
    id: 'missing-scope-other-code',
    choice:
      'a missing scope is named insufficient_scope (v1 list 401, postEphemeral 403, v0 401): the specification gives the statuses, no code',
    requirements: ['AUTH-13', 'SUB-08', 'SUB-06', 'AUTH-11', 'EPH-04'],
    hooks: () => answering(scopeRefusal, (a, e) => recoded(a, e, a.status, 'insufficient_scope')),
  },
  {
    id: 'v0-access-refused-400',
    choice:
      'v0 subscribe and unsubscribe refuse a personal token or one without webhook:write with 400 access_denied: which of their refusals is not said',
    requirements: ['SUB-06', 'AUTH-11'],
    hooks: () =>
      answering(
        (a, e) => e.path.startsWith('/v0/') && scopeRefusal(a),
        (a, e) => recoded(a, e, 400, 'access_denied'),
      ),
  },
  {
    id: 'v0-access-refused-403',
    choice:
      'v0 subscribe and unsubscribe refuse a personal token or one without webhook:write with 403 forbidden: the specification lists 401 for invalid credentials, and no status for a valid credential that may not',
    requirements: ['SUB-06', 'AUTH-11'],
    hooks: () =>
      answering(
        (a, e) => e.path.startsWith('/v0/') && scopeRefusal(a),
        (a, e) => recoded(a, e, 403, 'forbidden'),
      ),
    alone: true,
  },
  {
    id: 'v0-unsubscribe-refusals-with-codes',
    choice:
      'v0 unsubscribe says why it refused: 404 with code subscription_not_found, 400 with code missing_parameter (the bodies of those answers are not shown)',
    requirements: ['SUB-05'],
    hooks: () =>
      answering(
        (a, e) => e.path === '/v0/webhook.unsubscribe' && (a.status === 404 || a.status === 400),
        (a) => ({
          ...a,
          body: { code: a.status === 404 ? 'subscription_not_found' : 'missing_parameter' },
        }),
      ),
  },
  {
    id: 'error-bodies-with-message',
    choice: 'every error body also says ok: false and a message: the error body shape is not shown',
    requirements: [
      'AUTH-01',
      'AUTH-02',
      'AUTH-13',
      'SUB-06',
      'SUB-09',
      'EPH-02',
      'EPH-04',
      'VER-04',
    ],
    hooks: () =>
      answering(
        (a) => a.status >= 400 && Object.keys(bodyOf(a)).length > 0,
        (a) => ({ ...a, body: { ok: false, ...bodyOf(a), message: `refused (${a.status})` } }),
      ),
  },
  {
    id: 'json-pretty-keys-reversed',
    choice:
      'every JSON answer is indented, its keys in reverse order: JSON leaves both to the writer',
    requirements: ['SUB-01', 'SUB-02', 'SUB-07', 'EPH-01', 'VER-04', 'AUTH-01'],
    hooks: () =>
      answering(
        (a) => a.body !== null && typeof a.body === 'object',
        (a) => ({ ...a, raw: JSON.stringify(reordered(a.body), null, 2) }),
      ),
    // The text it sends is made from the body as it stood: hooks composed after it would change
    // the body unseen.
    alone: true,
  },
  {
    id: 'filter-refusal-other-code',
    choice:
      'a rejected v1 filter is answered 400 invalid_filter: the v1 subscribe answers are not shown',
    requirements: ['SUB-09'],
    departsFrom: ['SUB-09.invalid-parameter'],
    hooks: () =>
      answering(
        (a, e) =>
          e.path === '/v1/webhook.subscribe' &&
          a.status === 400 &&
          sentBody(e).filter !== undefined &&
          String(sentBody(e).url).length <= 1024,
        (a, e) => recoded(a, e, 400, 'invalid_filter'),
      ),
  },
  {
    id: 'v0-filter-refusal-other-code',
    choice:
      'a v0 filter with another key or another status is refused 400 invalid_filter: v0 lists 400 for a bad request, with no code',
    requirements: ['SUB-04'],
    hooks: () =>
      answering(
        (a, e) =>
          e.path === '/v0/webhook.subscribe' && a.status === 400 && sentBody(e).filter != null,
        (a, e) => recoded(a, e, 400, 'invalid_filter'),
      ),
  },
  {
    id: 'avatar-refusal-other-code',
    choice:
      'from 2026-08-25 an avatar on another host is refused 400 avatar_not_hosted: "other hosts give 400", no code',
    requirements: ['VER-12'],
    hooks: () =>
      answering(
        (a, e) =>
          e.path === '/v1/chat.postEphemeral' &&
          a.status === 400 &&
          /^https?:\/\//.test(String(sentBody(e).sender?.imageUrl)),
        (a, e) => recoded(a, e, 400, 'avatar_not_hosted'),
      ),
  },
  {
    id: 'v1-unsubscribe-unknown-404',
    choice:
      'v1 unsubscribe of an id it does not know answers 404 subscription_not_found: its answers are not shown',
    requirements: ['SUB-07', 'AUTH-13', 'SUB-03'],
    hooks: () =>
      answering(
        (a, e) => e.path === '/v1/webhook.unsubscribe' && codeOf(a) === 'invalid_parameter',
        (a, e) => recoded(a, e, 404, 'subscription_not_found'),
      ),
  },
];
