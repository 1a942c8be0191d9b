import type { RetryReason } from '../../webhooks/delivery.js';
import { signature } from '../../webhooks/sign.js';
import type { WebhookVersion } from '../../webhooks/versions.js';

interface AttemptHeaderParts {
  /** DLV-04: the same on every attempt of a delivery. */
  webhookId: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The app's signing key and the exact bytes sent (DLV-03). */
  key: Buffer;
  body: Uint8Array;
  version: WebhookVersion;
  /** Which retry this is and why; absent on the first attempt. */
  retry?: { number: number; reason: RetryReason };
}

/** The headers of one delivery attempt (DLV-01..05, VER-06). */
export function attemptHeaders(parts: AttemptHeaderParts): Record<string, string> {
  const { webhookId, timestamp, retry } = parts;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(parts.key, webhookId, timestamp, parts.body),
  };
  // v0 is outside the dated scheme (VER-06): its deliveries name no version.
  if (parts.version !== 'v0') headers['service-version'] = parts.version;
  // DLV-05: only retries say which retry they are and why.
  if (retry) {
    headers['service-retry-num'] = String(retry.number);
    headers['service-retry-reason'] = retry.reason;
  }
  return headers;
}
