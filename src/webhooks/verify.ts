import { timingSafeEqual } from 'node:crypto';
import { type HeaderSource, getHeader } from './headers.ts';
import { parseSecret } from './secret.ts';
import { type WebhookBody, digest } from './sign.ts';

/** Which rule a delivery broke. */
export type VerifyFailure =
  | 'missing_headers'
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
  /** How far `webhook-timestamp` may be from now, both ways. Default 300 seconds. */
  toleranceSeconds?: number;
  /** Now, in Unix seconds; for tests. */
  now?: number;
}

const fail = (reason: VerifyFailure, message: string): VerifyResult => ({ ok: false, reason, message });

/**
 * Verifies a delivery per Standard Webhooks (DLV-02, DLV-03, AUTH-12). Signatures of versions other
 * than `v1` are skipped; each `v1` signature is compared in constant time. Never throws.
 */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const id = getHeader(input.headers, 'webhook-id');
  const stamp = getHeader(input.headers, 'webhook-timestamp');
  const signatures = getHeader(input.headers, 'webhook-signature');
  if (!id || !stamp || !signatures) return fail('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are all required');

  // One secret is the common case: no arrays are made for it (this runs once per delivery).
  const secrets = input.secrets ?? (input.secret === undefined ? NO_SECRETS : undefined);
  if (secrets?.length === 0) return fail('invalid_secret', 'no signing secret was given');
  const keys = secrets ? parseKeys(secrets) : parseSecret(input.secret!);
  if ('problem' in keys) return fail('invalid_secret', keys.problem);

  if (!/^\d{1,15}$/.test(stamp)) return fail('invalid_timestamp', `webhook-timestamp "${stamp}" is not Unix seconds`);
  const timestamp = Number(stamp);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? 300;
  if (timestamp < now - tolerance) return fail('timestamp_too_old', `webhook-timestamp is more than ${tolerance} s in the past`);
  if (timestamp > now + tolerance) return fail('timestamp_too_new', `webhook-timestamp is more than ${tolerance} s in the future`);

  // Only v1 signatures count; others are skipped. Each is compared in constant time.
  let found: Match;
  if ('key' in keys) {
    // One secret: no array of keys is made for it.
    found = matches(signatures, digest(keys.key, id, timestamp, input.body));
    if (found === 'match') return { ok: true, id, timestamp };
  } else {
    found = 'no_v1';
    for (const key of keys.keys) {
      found = matches(signatures, digest(key, id, timestamp, input.body));
      if (found === 'match') return { ok: true, id, timestamp };
    }
  }
  if (found === 'no_v1') return fail('no_supported_signature', 'webhook-signature has no v1 signature');
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
  let wanted: Buffer | undefined;
  for (let start = 0; start < signatures.length; ) {
    const space = signatures.indexOf(' ', start);
    const end = space === -1 ? signatures.length : space;
    if (signatures.startsWith('v1,', start)) {
      found = 'mismatch';
      // Base64 is ASCII: comparing latin1 bytes of equal length compares the strings.
      wanted ??= Buffer.from(expected, 'latin1');
      if (end - start - 3 === expected.length && timingSafeEqual(Buffer.from(signatures.slice(start + 3, end), 'latin1'), wanted)) return 'match';
    }
    start = end + 1;
  }
  return found;
}
