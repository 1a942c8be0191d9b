import type { IncomingMessage } from 'node:http';
import type { HttpAnswer } from '../http-answer.js';
import type { PassedRequest } from '../http/front.js';
import { ownEntry } from '../http/front-config.js';
import { internalError } from '../http/internal-error.js';
import type { ReferenceToken } from './fixtures.js';
import type { Handler, HandlerContext } from './handlers/handler.js';
import { toVersion } from '../version-changes/apply.js';
import { isRecord } from '../is-record.js';

/** A request the front passed, with the headers it decided (the version's, VER-03). */
interface Passed {
  request: PassedRequest;
  headers: Record<string, string>;
}

/** An answer with every header it is written with. */
export type HeadedAnswer = HttpAnswer & { headers: Record<string, string> };

/**
 * Answers requests the front passed with their operation's handler, by generation, method and
 * path: 501 for an operation the table lacks, so a gap shows rather than being faked, and 500 in
 * the generation's shape when the handler throws.
 */
export function createOperations(
  handlers: Record<string, Handler>,
  context: Omit<HandlerContext, 'request' | 'app'>,
): (req: IncomingMessage, passed: Passed) => Promise<HeadedAnswer> {
  return async (req, { request, headers }) => {
    const handler = ownEntry(handlers, `${request.generation} ${request.method} ${request.path}`);
    if (!handler) return { status: 501, headers, body: notImplemented(request.generation) };
    // The front let only known credentials through; the OAuth endpoints carry none.
    const app = (request.token as ReferenceToken | undefined)?.app ?? '';
    const answer = await handler({ ...context, request, app }).catch((error: unknown) =>
      internalError('reference', req, error, request.generation, {}),
    );
    return {
      status: answer.status,
      headers: { ...headers, ...answer.headers },
      body: inVersion(request, answer),
    };
  };
}

function notImplemented(generation: PassedRequest['generation']) {
  return generation === 'v0' ? { code: 'not_implemented' } : { error: 'not_implemented' };
}

/**
 * A v1 success in the shape its version declares (openapi/versions.yaml, `instructions`): the
 * handlers write the names before any declared change.
 */
function inVersion(request: PassedRequest, answer: HttpAnswer): unknown {
  const { body } = answer;
  if (request.generation !== 'v1' || answer.status >= 300) return body;
  if (!isRecord(body)) return body;
  return toVersion({ path: request.path }, request.documentKey, body);
}
