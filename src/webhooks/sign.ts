import { createHmac } from 'node:crypto';
import { parseSecret } from './secret.js';

export type WebhookBody = string | Uint8Array;

export interface SignInput {
  /** `whsec_<base64>`; the key is the decoded base64 (DLV-03). */
  secret: string;
  /** The `webhook-id`. */
  id: string;
  /** The `webhook-timestamp`, Unix seconds. */
  timestamp: number;
  /** The exact bytes sent; a string is taken as UTF-8. */
  body: WebhookBody;
}

/** The base64 HMAC-SHA256 of a delivery over `{id}.{timestamp}.{body}` (DLV-03). */
export function digest(key: Buffer, id: string, timestamp: number, body: WebhookBody): string {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
}

/** The signature `v1,<base64>` of a delivery. */
export function signature(key: Buffer, id: string, timestamp: number, body: WebhookBody): string {
  return `v1,${digest(key, id, timestamp, body)}`;
}

/**
 * The headers that sign a delivery per Standard Webhooks (DLV-02, DLV-03). Throws on a malformed
 * secret.
 */
export function signWebhook({ secret, id, timestamp, body }: SignInput): {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
} {
  const parsed = parseSecret(secret);
  if ('problem' in parsed) throw new TypeError(parsed.problem);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(parsed.key, id, timestamp, body),
  };
}
