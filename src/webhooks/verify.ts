import { type HeaderSource, type WebhookHeaders, readWebhookHeaders } from './headers.js';
import { DEFAULT_TOLERANCE_SECONDS, verifyOptionsProblem } from './options.js';
import { parseSecret } from './secret.js';
import { type WebhookBody, digest } from './sign.js';

/** Which rule a delivery broke. */
export type VerifyFailure =
  | 'invalid_options'
  | 'missing_headers'
  | 'invalid_body'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_supported_signature'
  | 'signature_mismatch';

export type VerifyResult =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; reason: VerifyFailure; message: string };

export interface VerifyInput {
  /** One secret, or several while a secret is being rotated; any may match. */
  secret?: string;
  secrets?: string[];
  headers: HeaderSource;
  /** The raw body bytes as received: never re-serialised JSON. */
  body: WebhookBody;
  /** How far `webhook-timestamp` may be from now, both ways: finite, 0 or more. Default 300 seconds. */
  toleranceSeconds?: number;
  /** Now, in Unix seconds; for tests. */
  now?: number;
}

/** What verification needs besides the headers, once they have been read. */
export type VerifyOptions = Omit<VerifyInput, 'headers'>;

/** A delivery that failed verification, and why. */
export type VerifyRejection = Extract<VerifyResult, { ok: false }>;

/** The HMAC keys of the secrets: one, or several while rotating. */
export type SigningKeys = { key: Buffer } | { keys: Buffer[] };

const fail = (reason: VerifyFailure, message: string): VerifyRejection => ({
  ok: false,
  reason,
  message,
});

/**
 * Verifies a delivery per Standard Webhooks (DLV-02, DLV-03, AUTH-12). Signatures of versions other
 * than `v1` are skipped; each `v1` signature is compared in constant time. Never throws: options
 * that cannot be used (a NaN tolerance, say) are refused with `invalid_options`.
 */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const headers = readWebhookHeaders(input.headers);
  return (
    rejection(input, headers) ?? {
      ok: true,
      id: headers['webhook-id']!,
      timestamp: Number(headers['webhook-timestamp']),
    }
  );
}

/**
 * Why a delivery whose headers are already read fails verification, or undefined when it passes:
 * a receiver reads the headers once for verifying and parsing, and needs no result object.
 * Configuration is judged first, then the headers, then the body.
 */
export function rejection(
  input: VerifyOptions,
  headers: WebhookHeaders,
): VerifyRejection | undefined {
  const problem = verifyOptionsProblem(input);
  if (problem) return fail('invalid_options', problem);
  const keys = signingKeys(input);
  if ('problem' in keys) return fail('invalid_secret', keys.problem);
  const early = headerRejection(headers, input.toleranceSeconds, input.now);
  if (early) return early;
  return bodyRejection(input.body) ?? signatureRejection(keys, headers, input.body);
}

/** Why a body cannot be verified: parsed JSON is the usual mistake, its bytes are lost. */
export function bodyRejection(body: unknown): VerifyRejection | undefined {
  if (typeof body === 'string' || body instanceof Uint8Array) return undefined;
  return fail(
    'invalid_body',
    'the body must be the raw bytes as received (a string or a Uint8Array), not parsed JSON',
  );
}

/** The keys of the configured secrets, or why there are none; `secret`/`secrets` are strings here. */
export function signingKeys(
  input: Pick<VerifyOptions, 'secret' | 'secrets'>,
): SigningKeys | { problem: string } {
  // One secret is the common case: no arrays are made for it (this runs once per delivery).
  const secrets = input.secrets ?? (input.secret === undefined ? NO_SECRETS : undefined);
  if (secrets?.length === 0) return { problem: 'no signing secret was given' };
  return secrets ? parseKeys(secrets) : parseSecret(input.secret!);
}

/**
 * What the headers alone decide, before any body byte is read: all three Standard Webhooks
 * headers are there, and the timestamp is Unix seconds within the tolerance (DLV-02). The
 * tolerance and `now` are already known to be finite and not negative.
 */
export function headerRejection(
  headers: WebhookHeaders,
  toleranceSeconds?: number,
  now?: number,
): VerifyRejection | undefined {
  const stamp = headers['webhook-timestamp'];
  if (!headers['webhook-id'] || !stamp || !headers['webhook-signature']) {
    return fail(
      'missing_headers',
      'webhook-id, webhook-timestamp and webhook-signature are all required',
    );
  }
  if (!/^\d{1,15}$/.test(stamp))
    return fail('invalid_timestamp', `webhook-timestamp "${stamp}" is not Unix seconds`);
  const timestamp = Number(stamp);
  const at = now ?? Math.floor(Date.now() / 1000);
  const tolerance = toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (timestamp < at - tolerance)
    return fail('timestamp_too_old', `webhook-timestamp is more than ${tolerance} s in the past`);
  if (timestamp > at + tolerance)
    return fail('timestamp_too_new', `webhook-timestamp is more than ${tolerance} s in the future`);
  return undefined;
}

/** Whether one of the delivery's `v1` signatures matches one of the keys; headers already checked. */
export function signatureRejection(
  keys: SigningKeys,
  headers: WebhookHeaders,
  body: WebhookBody,
): VerifyRejection | undefined {
  const id = headers['webhook-id']!;
  const signatures = headers['webhook-signature']!;
  const timestamp = Number(headers['webhook-timestamp']);
  // Only v1 signatures count; others are skipped. Each is compared in constant time.
  let found: Match;
  if ('key' in keys) {
    // One secret: no array of keys is made for it.
    found = matches(signatures, digest(keys.key, id, timestamp, body));
    if (found === 'match') return undefined;
  } else {
    found = 'no_v1';
    for (const key of keys.keys) {
      found = matches(signatures, digest(key, id, timestamp, body));
      if (found === 'match') return undefined;
    }
  }
  if (found === 'no_v1')
    return fail('no_supported_signature', 'webhook-signature has no v1 signature');
  return fail('signature_mismatch', 'no v1 signature matches the body with the given secret');
}

const NO_SECRETS: string[] = [];

function parseKeys(secrets: string[]): { keys: Buffer[] } | { problem: string } {
  const keys: Buffer[] = [];
  for (const secret of secrets) {
    const parsed = parseSecret(secret);
    if ('problem' in parsed) return parsed;
    keys.push(parsed.key);
  }
  return { keys };
}

type Match = 'match' | 'mismatch' | 'no_v1';

/** Whether one of the space-separated `v1,<base64>` entries is `v1,<expected>`, compared in constant time. */
function matches(signatures: string, expected: string): Match {
  let found: Match = 'no_v1';
  for (let start = 0; start < signatures.length;) {
    const space = signatures.indexOf(' ', start);
    const end = space === -1 ? signatures.length : space;
    if (signatures.startsWith('v1,', start)) {
      found = 'mismatch';
      if (end - start - 3 === expected.length && sameText(signatures, start + 3, expected))
        return 'match';
    }
    start = end + 1;
  }
  return found;
}

/**
 * Whether `text` holds `expected` at `offset`, in time that depends only on the length: every
 * character is compared, with no early exit. This is how the standardwebhooks library compares
 * too; node:crypto's timingSafeEqual would need both strings copied into buffers per delivery,
 * which cost more than the comparison itself.
 */
function sameText(text: string, offset: number, expected: string): boolean {
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1)
    difference |= text.charCodeAt(offset + i) ^ expected.charCodeAt(i);
  return difference === 0;
}
