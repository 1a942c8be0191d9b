import type { HttpAnswer } from '../../http-answer.js';
import { readHeader } from '../../validation/check-response.js';
import { recordAnswer } from '../exercised-log.js';
import { readAnswer } from '../read-answer.js';
import type { GeneratedCase } from './generated-case.js';

/** How long one generated request may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends one generated request to the implementation and reads its answer. A connection the server
 * closed as idle while it was being reused fails before anything is sent; that is tried once more,
 * on a new connection, rather than reported as the implementation's failure.
 */
export async function sendCase(baseUrl: string, request: GeneratedCase): Promise<HttpAnswer<any>> {
  try {
    return await sendOnce(baseUrl, request);
  } catch (error) {
    if (!isReset(error)) throw error;
    return sendOnce(baseUrl, request);
  }
}

function isReset(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

async function sendOnce(baseUrl: string, request: GeneratedCase): Promise<HttpAnswer<any>> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = await readAnswer(response);
  recordAnswer({ ...request, version: readHeader(request.headers, 'service-version') }, answer);
  return answer;
}
