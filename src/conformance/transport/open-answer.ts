import type { IncomingMessage } from 'node:http';
import { type AttemptProgress, AttemptFailure, attempt } from './attempt.js';
import type { OutgoingRequest } from './outgoing-request.js';
import { requestHeaders } from './request-headers.js';
import { CLOSED_BEFORE_ANSWER, describeTransportFailure } from './transport-failure.js';
import { transportError } from './transport-error.js';

/**
 * Sends `request` and resolves once its answer's head has arrived. A request that went out on a
 * reused keep-alive connection which was reset or closed before any byte of an answer is sent
 * once more, on a new connection: that is a connection the implementation closed as idle (RFC 9112
 * §9.8) while the suite, its event loop stalled on a busy machine, still held it free, so the
 * request was never read. RFC 9112 §9.3.1 lets a client retry then, and Node documents this retry
 * (`request.reusedSocket`). Anything else (a fresh connection that failed, an answer cut off, a
 * time-out) is not sent again: it throws a TransportError naming the cause and what it means.
 */
export async function openAnswer(
  request: OutgoingRequest,
  signal?: AbortSignal,
): Promise<IncomingMessage> {
  const url = new URL(request.url);
  const method = (request.method ?? 'GET').toUpperCase();
  const input = { url, method, headers: requestHeaders(method, request), signal };
  const where = { method, url, timeoutMs: request.timeoutMs };
  try {
    return await attempt({ ...input, body: request.body, fresh: false });
  } catch (first) {
    if (!(first instanceof AttemptFailure) || !neverReached(first.progress, first.cause))
      throw transportError(causeOf(first), { ...where, ...progressOf(first), resent: false });
    try {
      return await attempt({ ...input, body: request.body, fresh: true });
    } catch (again) {
      throw transportError(causeOf(again), { ...where, ...progressOf(again), resent: true });
    }
  }
}

/** A reused connection that ended before any byte of an answer: the request was not read. */
function neverReached({ reused, answered }: AttemptProgress, cause: unknown): boolean {
  return reused && !answered && CLOSED_BEFORE_ANSWER.has(describeTransportFailure(cause).code);
}

function causeOf(failure: unknown): unknown {
  return failure instanceof AttemptFailure ? failure.cause : failure;
}

function progressOf(failure: unknown): Omit<AttemptProgress, 'reused'> {
  return failure instanceof AttemptFailure ? failure.progress : { sent: false, answered: false };
}
