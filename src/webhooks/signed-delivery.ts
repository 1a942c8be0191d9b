import { randomUUID } from 'node:crypto';
import type { RetryReason } from './delivery.js';
import { signWebhook } from './sign.js';
import type { WebhookVersion } from './versions.js';

/** One delivery as the service sends it: the exact body bytes and every header. */
export interface SignedDelivery {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

export interface DeliveryParts {
  secret: string;
  version: WebhookVersion;
  payload: unknown;
  /** The exact body to send instead of the payload as JSON (a test may send one it tampered). */
  body?: string;
  /** Which retry this is and why (DLV-05); absent for a first attempt. */
  retry?: { number: number; reason: RetryReason };
  /** Defaults to a new `msg_` id and now. */
  id?: string;
  timestamp?: number;
}

/**
 * The body and headers of one delivery (DLV-01..05): Standard Webhooks signature headers,
 * `Service-Version` for a dated version (v0 is outside the dated scheme and names none, VER-06),
 * and the retry headers only on a retry. Throws on a malformed secret: callers check it first.
 */
export function signedDelivery(parts: DeliveryParts): SignedDelivery {
  const body = new TextEncoder().encode(parts.body ?? JSON.stringify(parts.payload));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...signWebhook({
      secret: parts.secret,
      id: parts.id ?? `msg_${randomUUID().replaceAll('-', '')}`,
      timestamp: parts.timestamp ?? Math.floor(Date.now() / 1000),
      body,
    }),
  };
  if (parts.version !== 'v0') headers['service-version'] = parts.version;
  if (parts.retry) {
    headers['service-retry-num'] = String(parts.retry.number);
    headers['service-retry-reason'] = parts.retry.reason;
  }
  return { body, headers };
}
