import type { HttpAnswer } from '../../http-answer.js';
import { openAnswer } from './open-answer.js';
import type { OutgoingRequest } from './outgoing-request.js';
import { readAnswer } from './read-answer.js';
import { transportError } from './transport-error.js';

/** How long an exchange may take when its caller sets nothing: fetch's wait for an answer's head. */
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * Sends one request to the implementation and reads its whole answer (openAnswer: re-sent once
 * when it provably never reached it; read-answer: bounded). A request that got no whole answer
 * in `timeoutMs`, or none at all, throws a TransportError saying why in words a user can act on.
 */
export async function send(request: OutgoingRequest): Promise<HttpAnswer<any>> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const answer = await openAnswer({ ...request, timeoutMs }, signal);
  try {
    return await readAnswer(answer, signal);
  } catch (error) {
    const url = new URL(request.url);
    const method = (request.method ?? 'GET').toUpperCase();
    const at = { method, url, sent: true, answered: true, timeoutMs, resent: false };
    throw transportError(signal.aborted ? signal.reason : error, at);
  }
}
