import { EventEmitter } from 'node:events';
import { request } from 'undici';
import type { RetryReason } from '../../webhooks/delivery.js';
import { retryAfterSeconds } from './retry-after.js';

/** How one attempt ended, as the retry policy sees it (DLV-01, DLV-06..08). */
export type AttemptOutcome =
  | { kind: 'acknowledged'; status: number }
  | { kind: 'retryable'; reason: RetryReason; status?: number; retryAfter?: number }
  | { kind: 'rejected'; status: number };

/**
 * One POST of a delivery, with undici. Any 2xx acknowledges; transport errors (including no answer
 * within the timeout), 5xx and 429 may be retried; anything else fails at once. Redirects are not
 * followed: a 3xx is not an acknowledgement.
 */
export async function sendAttempt(url: string, body: string | Uint8Array, headers: Record<string, string>, timeoutMs: number, nowMs: number): Promise<AttemptOutcome> {
  // DLV-08: one timer bounds the whole attempt, connection included. undici takes an emitter as
  // its abort signal, which is far cheaper to make per attempt than an AbortSignal.
  const abort = new EventEmitter();
  const timer = setTimeout(() => abort.emit('abort'), timeoutMs);
  try {
    const response = await request(url, { method: 'POST', headers, body, signal: abort });
    // Read the answer so the connection can be reused; what it says does not matter.
    await response.body.dump();
    return classify(response.statusCode, response.headers['retry-after'], nowMs);
  } catch {
    return { kind: 'retryable', reason: 'transport' };
  } finally {
    clearTimeout(timer);
  }
}

function classify(status: number, retryAfterHeader: string | string[] | undefined, nowMs: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: 'acknowledged', status };
  // DLV-07: only 429 and 503 may say how long to wait.
  const header = Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader;
  const retryAfter = status === 429 || status === 503 ? retryAfterSeconds(header ?? null, nowMs) : undefined;
  if (status === 429) return { kind: 'retryable', reason: 'http_429', status, retryAfter };
  if (status >= 500) return { kind: 'retryable', reason: 'http_5xx', status, retryAfter };
  return { kind: 'rejected', status };
}
