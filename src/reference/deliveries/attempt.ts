import type { RetryReason } from '../../webhooks/delivery.ts';
import { retryAfterSeconds } from './retry-after.ts';

/** How one attempt ended, as the retry policy sees it (DLV-01, DLV-06..08). */
export type AttemptOutcome =
  | { kind: 'acknowledged'; status: number }
  | { kind: 'retryable'; reason: RetryReason; status?: number; retryAfter?: number }
  | { kind: 'rejected'; status: number };

/**
 * One POST of a delivery. Any 2xx acknowledges; transport errors (including no answer within the
 * timeout), 5xx and 429 may be retried; anything else fails at once. Redirects are not followed:
 * a 3xx is not an acknowledgement.
 */
export async function sendAttempt(url: string, body: string, headers: Record<string, string>, timeoutMs: number, nowMs: number): Promise<AttemptOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { kind: 'retryable', reason: 'transport' };
  }
  // Read the answer so the connection can be reused; what it says does not matter.
  await response.arrayBuffer().catch(() => undefined);
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: 'acknowledged', status };
  // DLV-07: only 429 and 503 may say how long to wait.
  const retryAfter = status === 429 || status === 503 ? retryAfterSeconds(response.headers.get('retry-after'), nowMs) : undefined;
  if (status === 429) return { kind: 'retryable', reason: 'http_429', status, retryAfter };
  if (status >= 500) return { kind: 'retryable', reason: 'http_5xx', status, retryAfter };
  return { kind: 'rejected', status };
}
