import type { Diagnostic } from '../diagnostic.js';
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
  /** The first reason, as `verifyWebhook` gives it; `diagnostics` holds every one. */
  reason: VerifyFailure;
  message: string;
  diagnostics: Diagnostic[];
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
  if (rejected) return { ...rejected, verified: false };
  return parseReadHeaders(input, headers);
}
