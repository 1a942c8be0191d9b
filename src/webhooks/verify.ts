import { type Diagnostic, diagnostic } from '../diagnostic.js';
import { type HeaderSource, type WebhookHeaders, readWebhookHeaders } from './headers.js';
import { DEFAULT_TOLERANCE_SECONDS, verifyOptionsProblems } from './options.js';
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

/**
 * A verified delivery's id and timestamp, or every reason it fails: `diagnostics` holds them all
 * (their `rule` a `VerifyFailure`), `reason` and `message` repeat the first, the one a receiver
 * answers with.
 */
export type VerifyResult =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; reason: VerifyFailure; message: string; diagnostics: Diagnostic[] };

export interface VerifyInput {
  /** One secret, or several while a secret is being rotated; any may match. */
  secret?: string;
  secrets?: string[];
  headers: HeaderSource;
  /** The raw body bytes as received: never re-serialised JSON. */
  body: WebhookBody;
  /**
   * How far `webhook-timestamp` may be from now, both ways: finite, 0 or more. Default 300 seconds.
   */
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

/** Which requirement each failure breaks, for its diagnostic. */
const REQUIREMENT: Partial<Record<VerifyFailure, string>> = {
  invalid_secret: 'AUTH-12',
  missing_headers: 'DLV-02',
  invalid_timestamp: 'DLV-02',
  timestamp_too_old: 'DLV-02',
  timestamp_too_new: 'DLV-02',
  no_supported_signature: 'DLV-03',
  signature_mismatch: 'DLV-03',
};

/** One reason a delivery fails, as a diagnostic. */
function problem(reason: VerifyFailure, message: string, location?: string): Diagnostic {
  const requirement = REQUIREMENT[reason];
  return diagnostic(reason, message, {
    ...(requirement && { requirement }),
    ...(location && { location }),
  });
}

/** A rejection for all of `diagnostics`, led by the first; undefined when there are none. */
export function rejectionOf(diagnostics: readonly Diagnostic[]): VerifyRejection | undefined {
  const first = diagnostics[0];
  if (!first) return undefined;
  return {
    ok: false,
    reason: first.rule as VerifyFailure,
    message: first.message,
    diagnostics: [...diagnostics],
  };
}

const fail = (reason: VerifyFailure, message: string, location?: string): VerifyRejection =>
  rejectionOf([problem(reason, message, location)])!;

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
 * The options, the headers and the body are each judged and every problem is returned, led by the
 * first of them in that order; the signature is checked only when all three are usable.
 */
export function rejection(
  input: VerifyOptions,
  headers: WebhookHeaders,
): VerifyRejection | undefined {
  const options = verifyOptionsProblems(input);
  // Unusable options say nothing sure about the secrets or the clock: then the headers are judged
  // for presence and form only (an infinite tolerance), and the signature is not checked.
  const usable = options.length === 0;
  const keys = usable ? signingKeys(input) : undefined;
  const unsigned = keys && 'problem' in keys ? problem('invalid_secret', keys.problem) : undefined;
  const early = usable
    ? headerRejection(headers, input.toleranceSeconds, input.now)
    : headerRejection(headers, Number.POSITIVE_INFINITY, 0);
  const unread = bodyRejection(input.body);
  if (usable && !unsigned && !early && !unread)
    return signatureRejection(keys as SigningKeys, headers, input.body);
  return rejectionOf([
    ...options.map((message) => problem('invalid_options', message)),
    ...(unsigned ? [unsigned] : []),
    ...(early?.diagnostics ?? []),
    ...(unread?.diagnostics ?? []),
  ]);
}

/** Why a body cannot be verified: parsed JSON is the usual mistake, its bytes are lost. */
export function bodyRejection(body: unknown): VerifyRejection | undefined {
  if (typeof body === 'string' || body instanceof Uint8Array) return undefined;
  return fail(
    'invalid_body',
    'the body must be the raw bytes as received (a string or a Uint8Array), not parsed JSON',
    'body',
  );
}

/**
 * The keys of the configured secrets, or why there are none; `secret`/`secrets` are strings here.
 */
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
 * headers are there, and the timestamp is Unix seconds within the tolerance (DLV-02). Every
 * problem is returned. The tolerance and `now` are already known to be finite and not negative.
 */
export function headerRejection(
  headers: WebhookHeaders,
  toleranceSeconds?: number,
  now?: number,
): VerifyRejection | undefined {
  // Runs for every delivery: nothing is allocated unless something is wrong.
  let found: Diagnostic[] | undefined;
  for (const name of SIGNATURE_HEADERS) {
    if (headers[name]) continue;
    const message = `${name} is missing: ${SIGNATURE_HEADERS.join(', ')} are all required`;
    (found ??= []).push(problem('missing_headers', message, `header ${name}`));
  }
  const late = timestampProblem(headers['webhook-timestamp'], toleranceSeconds, now);
  if (late) (found ??= []).push(late);
  return found && rejectionOf(found);
}

/** What is wrong with a present `webhook-timestamp`: not Unix seconds, or outside the tolerance. */
function timestampProblem(
  stamp: string | undefined,
  toleranceSeconds?: number,
  now?: number,
): Diagnostic | undefined {
  if (!stamp) return undefined;
  const location = 'header webhook-timestamp';
  if (!/^\d{1,15}$/.test(stamp))
    return problem(
      'invalid_timestamp',
      `webhook-timestamp "${stamp}" is not Unix seconds`,
      location,
    );
  const timestamp = Number(stamp);
  const at = now ?? Math.floor(Date.now() / 1000);
  const tolerance = toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (timestamp < at - tolerance)
    return problem(
      'timestamp_too_old',
      `webhook-timestamp is more than ${tolerance} s in the past`,
      location,
    );
  if (timestamp > at + tolerance)
    return problem(
      'timestamp_too_new',
      `webhook-timestamp is more than ${tolerance} s in the future`,
      location,
    );
  return undefined;
}

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Whether one of the delivery's `v1` signatures matches one of the keys; headers already checked.
 */
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
    return fail(
      'no_supported_signature',
      'webhook-signature has no v1 signature',
      'header webhook-signature',
    );
  return fail(
    'signature_mismatch',
    'no v1 signature matches the body with the given secret',
    'header webhook-signature',
  );
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

/**
 * Whether one of the space-separated `v1,<base64>` entries is `v1,<expected>`, compared in constant
 * time.
 */
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
