import { HANDLERS } from '../../../src/reference/handlers/index.ts';
import { pointer } from '../../../src/validation/document-validator.ts';
import { loadDocumentsByVersion } from '../../../src/validation/documents-by-version.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Exchange, FaultHooks } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';

const EPHEMERAL = '/v1/chat.postEphemeral';
/** The fields of a postEphemeral body the specification does not require (EPH-01). */
const OPTIONAL = ['threadTimestamp', 'sender'];
const OPTIONAL_SENDER = ['id', 'name', 'imageUrl'];

const bodyOf = (answer: WrittenAnswer): Record<string, unknown> =>
  answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {};
const codeOf = (answer: WrittenAnswer) => bodyOf(answer).error ?? bodyOf(answer).code;
const listsVersions = (answer: WrittenAnswer) => 'supportedVersions' in bodyOf(answer);

/** The JSON object the request carried, or undefined when it carried none. */
function sentJson(exchange: Exchange): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(exchange.sent);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** An answer hook for the answers `when` picks, changed by `change`. */
const rewrite = (
  when: (answer: WrittenAnswer, exchange: Exchange) => boolean,
  change: (answer: WrittenAnswer, exchange: Exchange) => WrittenAnswer,
): FaultHooks => ({
  answer: (answer, exchange) => (when(answer, exchange) ? change(answer, exchange) : answer),
});

/** The methods the reference serves at a path (`/v1/chat.postEphemeral` -> `post`). */
function methodsAt(path: string): string[] {
  return Object.keys(HANDLERS)
    .map((key) => key.split(' '))
    .filter(([generation, , name]) => `/${generation}${name}` === path)
    .map(([, method]) => method!);
}

/** `body` without its `null` optional fields, or undefined when it has none. */
function withoutNulls(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.fromEntries(
    Object.entries(body).filter(([name, value]) => !(OPTIONAL.includes(name) && value === null)),
  );
  const sender = kept.sender;
  if (sender !== null && typeof sender === 'object')
    kept.sender = Object.fromEntries(
      Object.entries(sender).filter(
        ([name, value]) => !(OPTIONAL_SENDER.includes(name) && value === null),
      ),
    );
  return JSON.stringify(kept) === JSON.stringify(body) ? undefined : kept;
}

const latest = loadDocumentsByVersion().get(loadVersionRegistry().latest)!;
const EPHEMERAL_SCHEMA = pointer([
  'paths',
  '/chat.postEphemeral',
  'post',
  'requestBody',
  'content',
  'application/json',
  'schema',
]);

/**
 * Whether the reference refused a postEphemeral body only for its `null` optional fields: without
 * them it fits the document and names no sender (whose refusals depend on the credential).
 */
function refusedOnlyForNulls(exchange: Exchange): Record<string, unknown> | undefined {
  const sent = sentJson(exchange);
  const kept = sent && withoutNulls(sent);
  if (!kept || kept.sender !== undefined) return undefined;
  if (latest.validator.validate(EPHEMERAL_SCHEMA, kept).length > 0) return undefined;
  return Buffer.byteLength(String(kept.text), 'utf8') <= 8000 ? kept : undefined;
}

/**
 * Choices about refusals and request values the specification leaves open, where the generated
 * requests judged the reference server's answer rather than the specification's (Errors; Endpoints
 * > postEphemeral; Endpoints > Other v1 endpoints named). The scope refusals and the VER-04 list
 * under another field are errors.ts's and versions.ts's.
 */
export const GENERATED_VARIATIONS: Variation[] = [
  {
    id: 'no-body-missing-parameter',
    choice:
      'a postEphemeral request without a body is refused 400 missing_parameter: it has no `text`, which the specification answers so (Errors, postEphemeral 400)',
    requirements: ['EPH-01', 'EPH-02'],
    hooks: () =>
      rewrite(
        (answer, exchange) =>
          exchange.path === EPHEMERAL &&
          exchange.sent === '' &&
          answer.status === 400 &&
          !listsVersions(answer),
        (answer) => ({ ...answer, body: { error: 'missing_parameter' } }),
      ),
    generate: true,
  },
  {
    id: 'missing-id-invalid-parameter',
    choice:
      'a postEphemeral body without `chatId` or `userId` is refused 400 invalid_parameter: the specification names `missing_parameter` only for a missing `text` (Errors, postEphemeral 400)',
    requirements: ['EPH-01', 'EPH-02'],
    hooks: () =>
      rewrite(
        (answer, exchange) =>
          exchange.path === EPHEMERAL &&
          answer.status === 400 &&
          codeOf(answer) === 'missing_parameter' &&
          typeof sentJson(exchange)?.text === 'string',
        (answer) => ({ ...answer, body: { error: 'invalid_parameter' } }),
      ),
    generate: true,
  },
  {
    id: 'method-before-credentials',
    choice:
      'a method a v0 or v1 path lacks is refused 405 before the credential is judged: the specification gives no order among refusals',
    requirements: ['EPH-04', 'AUTH-01'],
    hooks: () =>
      rewrite(
        (answer, exchange) =>
          answer.status === 401 &&
          /^\/v[01]\//.test(exchange.path) &&
          !methodsAt(exchange.path).includes(exchange.method.toLowerCase()),
        (answer, exchange) => ({
          ...answer,
          status: 405,
          headers: { ...answer.headers, allow: methodsAt(exchange.path).join(', ').toUpperCase() },
          body: { error: 'method_not_allowed' },
        }),
      ),
    generate: true,
  },
  {
    id: 'null-optional-dropped',
    choice:
      'postEphemeral reads a `null` optional field (`threadTimestamp`, `sender`, a sender field) as absent: the request table gives types, not whether `null` stands for none (Endpoints, postEphemeral)',
    requirements: ['EPH-01', 'EPH-02', 'EPH-06'],
    hooks: () =>
      rewrite(
        (answer, exchange) =>
          exchange.path === EPHEMERAL &&
          answer.status === 400 &&
          refusedOnlyForNulls(exchange) !== undefined,
        (answer, exchange) => ({
          ...answer,
          status: 200,
          body: {
            ok: true,
            chatId: refusedOnlyForNulls(exchange)!.chatId,
            timestamp: Date.now() * 1000,
          },
        }),
      ),
    generate: true,
  },
  {
    id: 'empty-text-refused',
    choice:
      'postEphemeral refuses an empty `text` 400 missing_parameter: `text` is required, whether it may be empty is not said (Endpoints, postEphemeral)',
    requirements: ['EPH-01', 'EPH-02'],
    hooks: () =>
      rewrite(
        (answer, exchange) =>
          exchange.path === EPHEMERAL &&
          answer.status === 200 &&
          String(sentJson(exchange)?.text ?? 'x').trim() === '',
        (answer) => ({ ...answer, status: 400, body: { error: 'missing_parameter' } }),
      ),
    generate: true,
  },
  {
    id: 'thread-timestamp-not-positive-refused',
    choice:
      'postEphemeral refuses a threadTimestamp of 0 or less 400 invalid_parameter: no message has that key, and whether one is refused is not said ("Not validated against an existing thread")',
    requirements: ['EPH-01', 'EPH-02'],
    hooks: () =>
      rewrite(
        (answer, exchange) => {
          const thread = sentJson(exchange)?.threadTimestamp;
          return (
            exchange.path === EPHEMERAL &&
            answer.status === 200 &&
            typeof thread === 'number' &&
            thread <= 0
          );
        },
        (answer) => ({ ...answer, status: 400, body: { error: 'invalid_parameter' } }),
      ),
    generate: true,
  },
  {
    id: 'v1-subscribe-created',
    choice:
      'v1 subscribe answers 201 Created: its answer is not shown (Endpoints > Other v1 endpoints named), so any 2xx is its success',
    requirements: ['SUB-07', 'SUB-03', 'VER-14'],
    hooks: () =>
      rewrite(
        (answer, exchange) => exchange.path === '/v1/webhook.subscribe' && answer.status === 200,
        (answer) => ({ ...answer, status: 201 }),
      ),
    generate: true,
  },
];
