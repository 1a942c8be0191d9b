import type { Diagnostic } from './diagnostic.js';

/** Field names whose values are credentials: never printed unless asked for. */
const SECRET_FIELDS = [
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'id_token',
  'password',
];
/**
 * Query and form parameters: those, and the OAuth `code`. (A JSON `code` is v0's error code, to
 * be shown: authorization codes travel in queries and forms only.)
 */
const SECRET_PARAMETERS = [...SECRET_FIELDS, 'code'];

export const REDACTED = '[redacted]';

/** `name=value` in a query or a form, `"name": "value"` in JSON. */
const PARAMETER = new RegExp(`(^|[?&;\\s])(${SECRET_PARAMETERS.join('|')})=[^&\\s#"']*`, 'gi');
const JSON_FIELD = new RegExp(
  `("(?:${SECRET_FIELDS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/=]+/g;
const SIGNING_SECRET = /\bwhsec_[A-Za-z0-9+/=]+/g;

/**
 * `text` with every credential it carries replaced: bearer and Basic credentials, `whsec_`
 * secrets, and the values of credential parameters (`access_token`, `client_secret`, `code`, ...)
 * in queries, forms and JSON.
 */
export function redactText(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SIGNING_SECRET, `whsec_${REDACTED}`)
    .replace(PARAMETER, `$1$2=${REDACTED}`)
    .replace(JSON_FIELD, `$1"${REDACTED}"`);
}

/** A copy of a JSON value with the credential fields' values replaced, at any depth. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    copy[key] =
      SECRET_FIELDS.includes(key.toLowerCase()) && typeof item === 'string'
        ? REDACTED
        : redactValue(item, depth + 1);
  return copy;
}

/**
 * A finding as a report prints it: credentials in its message, its values and its exchange
 * replaced (an issued access token a check compared, a client secret in a request excerpt).
 */
export function redactDiagnostic<D extends Diagnostic>(diagnostic: D): D {
  const { message, expected, actual, exchange } = diagnostic;
  return {
    ...diagnostic,
    message: redactText(message),
    ...(expected === undefined ? {} : { expected: redactValue(expected) }),
    ...(actual === undefined ? {} : { actual: redactValue(actual) }),
    ...(exchange === undefined
      ? {}
      : { exchange: redactValue(exchange) as Diagnostic['exchange'] }),
  };
}
