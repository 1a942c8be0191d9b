import { readWebhookHeaders } from './headers.ts';
import { type ParseInput, type ParseResult, parseWebhook } from './parse.ts';
import type { VerifyFailure, VerifyInput } from './verify.ts';
import { verifyWebhook } from './verify.ts';
import type { WebhookVersion } from './versions.ts';

export type VerifyAndParseInput<V extends WebhookVersion> = VerifyInput & Omit<ParseInput<V>, 'headers' | 'body'>;

/** A delivery that failed verification: nothing of its body was read. */
export interface Unverified {
  ok: false;
  verified: false;
  reason: VerifyFailure;
  message: string;
}

/**
 * Verifies a delivery, then parses it: what a receiver does with every delivery, reading its
 * headers once for both steps. The signature is checked first, so an unsigned body is never
 * parsed. Never throws.
 */
export function verifyAndParseWebhook<V extends WebhookVersion>(input: VerifyAndParseInput<V>): ParseResult<V> | Unverified {
  const headers = readWebhookHeaders(input.headers);
  const verified = verifyWebhook({ ...input, headers });
  if (!verified.ok) return { ok: false, verified: false, reason: verified.reason, message: verified.message };
  return parseWebhook({ version: input.version, event: input.event, body: input.body, headers });
}
