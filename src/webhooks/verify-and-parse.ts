import { readWebhookHeaders } from './headers.js';
import { type ParseInput, type ParseResult, parseReadHeaders } from './parse.js';
import { type VerifyFailure, type VerifyInput, rejection } from './verify.js';
import type { WebhookVersion } from './versions.js';

export type VerifyAndParseInput<V extends WebhookVersion> = VerifyInput &
  Omit<ParseInput<V>, 'headers' | 'body'>;

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
export function verifyAndParseWebhook<V extends WebhookVersion>(
  input: VerifyAndParseInput<V>,
): ParseResult<V> | Unverified {
  const headers = readWebhookHeaders(input.headers);
  const rejected = rejection(input, headers);
  if (rejected)
    return { ok: false, verified: false, reason: rejected.reason, message: rejected.message };
  return parseReadHeaders(input, headers);
}
