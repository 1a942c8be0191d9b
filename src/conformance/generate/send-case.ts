import type { HttpAnswer } from '../../http-answer.js';
import { readHeader } from '../../validation/check-response.js';
import { recordAnswer } from '../run/exercised-log.js';
import { send } from '../transport/send.js';
import type { GeneratedCase } from './generated-case.js';

/** How long one generated request may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends one generated request to the implementation and reads its answer. A request that never
 * reached it (a reused keep-alive connection it had closed as idle) is sent again on a new
 * connection by `send`; any other failure throws, naming its cause.
 */
export async function sendCase(baseUrl: string, request: GeneratedCase): Promise<HttpAnswer<any>> {
  const answer = await send({
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  recordAnswer({ ...request, version: readHeader(request.headers, 'service-version') }, answer);
  return answer;
}
