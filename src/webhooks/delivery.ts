import { type HeaderSource, getHeader } from './headers.ts';

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

/** The metadata, and what is wrong with the retry headers (DLV-05: both or neither, known values). */
export function readDelivery(headers: HeaderSource): { delivery: DeliveryMetadata; problems: string[] } {
  const num = getHeader(headers, 'Service-Retry-Num');
  const reason = getHeader(headers, 'Service-Retry-Reason');
  const stamp = getHeader(headers, 'webhook-timestamp');
  const problems: string[] = [];
  if (num !== undefined && !/^[123]$/.test(num)) problems.push(`Service-Retry-Num "${num}" is not 1, 2 or 3`);
  if (reason !== undefined && !RETRY_REASONS.includes(reason)) problems.push(`Service-Retry-Reason "${reason}" is not transport, http_5xx or http_429`);
  if ((num === undefined) !== (reason === undefined)) problems.push('a retry carries both Service-Retry-Num and Service-Retry-Reason, a first attempt neither');
  const delivery: DeliveryMetadata = {
    webhookId: getHeader(headers, 'webhook-id'),
    timestamp: stamp && /^\d+$/.test(stamp) ? Number(stamp) : undefined,
    attempt: num && /^[123]$/.test(num) ? Number(num) + 1 : 1,
    retryReason: reason && RETRY_REASONS.includes(reason) ? (reason as RetryReason) : undefined,
    serviceVersion: getHeader(headers, 'Service-Version'),
  };
  return { delivery, problems };
}
