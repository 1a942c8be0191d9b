import type { HttpAnswer } from '../../http-answer.js';
import { readAnswer } from '../read-answer.js';
import type { GeneratedCase } from './generated-case.js';

/** How long one generated request may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Sends one generated request to the implementation and reads its answer. */
export async function sendCase(baseUrl: string, request: GeneratedCase): Promise<HttpAnswer<any>> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return readAnswer(response);
}
