import type { WebhookHeaders } from './headers.js';

export type RetryReason = 'transport' | 'http_5xx' | 'http_429';
const RETRY_REASONS: readonly string[] = ['transport', 'http_5xx', 'http_429'];

/** What the headers of a delivery say about it (DLV-02, DLV-05, VER-14). */
export interface DeliveryMetadata {
  webhookId?: string;
  /** `webhook-timestamp`, Unix seconds. */
  timestamp?: number;
  /** 1 for the first attempt, `Service-Retry-Num` + 1 for a retry. */
  attempt: number;
  retryReason?: RetryReason;
  /** The `Service-Version` header: the version the subscription was created with. */
  serviceVersion?: string;
}

/** What the headers of a delivery say about it; retry headers that break DLV-05 are left out. */
export function deliveryOf(headers: WebhookHeaders): DeliveryMetadata {
  const num = headers['service-retry-num'];
  const reason = headers['service-retry-reason'];
  const stamp = headers['webhook-timestamp'];
  const delivery: DeliveryMetadata = {
    webhookId: headers['webhook-id'],
    timestamp: stamp && /^\d+$/.test(stamp) ? Number(stamp) : undefined,
    attempt: 1,
    serviceVersion: headers['service-version'],
  };
  if (num !== undefined && /^[123]$/.test(num)) delivery.attempt = Number(num) + 1;
  if (reason !== undefined && RETRY_REASONS.includes(reason))
    delivery.retryReason = reason as RetryReason;
  return delivery;
}

/**
 * What is wrong with the retry headers (DLV-05: both or neither, known values), each with the
 * header it concerns; undefined when nothing is. A header present but left out of `delivery` by
 * `deliveryOf` is one that is invalid.
 */
export function retryHeaderProblems(
  headers: WebhookHeaders,
  delivery: DeliveryMetadata,
): Array<{ header: string; message: string }> | undefined {
  const num = headers['service-retry-num'];
  const reason = headers['service-retry-reason'];
  // A first attempt carries neither retry header: nothing to check.
  if (num === undefined && reason === undefined) return undefined;
  const problems: Array<{ header: string; message: string }> = [];
  if (num !== undefined && delivery.attempt === 1)
    problems.push({
      header: 'Service-Retry-Num',
      message: `Service-Retry-Num "${num}" is not 1, 2 or 3`,
    });
  if (reason !== undefined && delivery.retryReason === undefined)
    problems.push({
      header: 'Service-Retry-Reason',
      message: `Service-Retry-Reason "${reason}" is not transport, http_5xx or http_429`,
    });
  if ((num === undefined) !== (reason === undefined))
    problems.push({
      header: num === undefined ? 'Service-Retry-Num' : 'Service-Retry-Reason',
      message:
        'a retry carries both Service-Retry-Num and Service-Retry-Reason, a first attempt neither',
    });
  return problems.length ? problems : undefined;
}
