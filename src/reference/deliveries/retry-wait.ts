import type { DeliveryPolicy } from './policy.js';

/**
 * DLV-07: the seconds to wait after attempt `attempt` (1 for the first) before the next: the
 * policy's wait, or the answer's `Retry-After` in its place, capped.
 */
export function retryWait(
  policy: Pick<DeliveryPolicy, 'retryWaits' | 'retryAfterCap'>,
  attempt: number,
  retryAfter: number | undefined,
): number {
  if (retryAfter === undefined) return policy.retryWaits[attempt - 1]!;
  return Math.min(retryAfter, policy.retryAfterCap);
}
