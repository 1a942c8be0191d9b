import { type HeaderSource, getHeader } from './headers.ts';

export type RetryReason = 'transport' | 'http_5xx' | 'http_429';
const RETRY_REASONS: readonly string[] = ['transport', 'http_5xx', 'http_429'];
const NO_PROBLEMS: readonly string[] = Object.freeze([]);

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

/** The metadata, and what is wrong with the retry headers (DLV-05: both or neither, known values). */
export function readDelivery(headers: HeaderSource): { delivery: DeliveryMetadata; problems: readonly string[] } {
  const num = getHeader(headers, 'service-retry-num');
  const reason = getHeader(headers, 'service-retry-reason');
  const stamp = getHeader(headers, 'webhook-timestamp');
  const delivery: DeliveryMetadata = {
    webhookId: getHeader(headers, 'webhook-id'),
    timestamp: stamp && /^\d+$/.test(stamp) ? Number(stamp) : undefined,
    attempt: 1,
    serviceVersion: getHeader(headers, 'service-version'),
  };
  // A first attempt carries neither retry header: nothing more to read.
  if (num === undefined && reason === undefined) return { delivery, problems: NO_PROBLEMS };
  const problems: string[] = [];
  if (num !== undefined && /^[123]$/.test(num)) delivery.attempt = Number(num) + 1;
  else if (num !== undefined) problems.push(`Service-Retry-Num "${num}" is not 1, 2 or 3`);
  if (reason !== undefined && RETRY_REASONS.includes(reason)) delivery.retryReason = reason as RetryReason;
  else if (reason !== undefined) problems.push(`Service-Retry-Reason "${reason}" is not transport, http_5xx or http_429`);
  if ((num === undefined) !== (reason === undefined)) problems.push('a retry carries both Service-Retry-Num and Service-Retry-Reason, a first attempt neither');
  return { delivery, problems };
}
