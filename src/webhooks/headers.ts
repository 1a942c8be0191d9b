/** Headers as Node's `http`, the fetch API or a plain JSON object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * A fetch `Headers` (or any `get`-able map), told apart without `instanceof Headers`: Node 20
 * defines the global `Headers` through a getter that loads its whole fetch implementation, about
 * 20 ms that an import of the webhooks entry point (or a receiver's first delivery) should not pay.
 */
function isGettable(source: HeaderSource): source is Headers {
  return typeof (source as { get?: unknown }).get === 'function';
}

/** A header's value as a string (the first of several); a value of another type is no header. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

/** Which of the delivery headers `key` is, written in lowercase. */
function lowercaseName(key: string): (typeof WEBHOOK_HEADER_NAMES)[number] | undefined {
  switch (key) {
    case 'webhook-id':
    case 'webhook-timestamp':
    case 'webhook-signature':
    case 'service-version':
    case 'service-retry-num':
    case 'service-retry-reason':
      return key;
    default:
      return undefined;
  }
}

/** ASCII case-insensitive equality of two header names, without making lowercase copies. */
function sameName(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && (x | 0x20) !== (y | 0x20)) return false;
    // Only letters may differ in case: `|0x20` also equates pairs such as '@' and '`'.
    if (x !== y && !((x | 0x20) >= 97 && (x | 0x20) <= 122)) return false;
  }
  return true;
}

/** The headers a delivery may carry (DLV-02, DLV-05), by their lowercase names. */
const WEBHOOK_HEADER_NAMES = [
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'service-version',
  'service-retry-num',
  'service-retry-reason',
] as const;

export type WebhookHeaders = Record<(typeof WEBHOOK_HEADER_NAMES)[number], string | undefined>;

/**
 * Every header of a delivery in one pass, as a record with all six lowercase names (absent ones
 * undefined): reading it again costs a property lookup per name instead of a scan per missing one.
 */
export function readWebhookHeaders(source: HeaderSource): WebhookHeaders {
  // Read from callers in plain JavaScript too, which may pass nothing: no headers, not a TypeError.
  if (typeof source !== 'object' || source === null) return { ...NO_HEADERS };
  if (isGettable(source)) {
    const read = (name: string) => source.get(name) ?? undefined;
    return {
      'webhook-id': read('webhook-id'),
      'webhook-timestamp': read('webhook-timestamp'),
      'webhook-signature': read('webhook-signature'),
      'service-version': read('service-version'),
      'service-retry-num': read('service-retry-num'),
      'service-retry-reason': read('service-retry-reason'),
    };
  }
  // One pass over the object's own names (never inherited ones), each matched against the six:
  // a lowercase name as Node gives it at once, another case (a saved JSON file, a framework that
  // keeps case) compared in place rather than lowercased. Only the six are ever written.
  const found: WebhookHeaders = { ...NO_HEADERS };
  for (const key of Object.keys(source)) {
    const exact = lowercaseName(key);
    if (exact) {
      // The lowercase spelling wins over any other, wherever it comes in the object.
      found[exact] = text(source[key]) ?? found[exact];
      continue;
    }
    if (!hasUpperCase(key)) continue;
    const name = webhookHeaderName(key);
    if (name && found[name] === undefined) found[name] = text(source[key]);
  }
  return found;
}

const NO_HEADERS: WebhookHeaders = Object.freeze({
  'webhook-id': undefined,
  'webhook-timestamp': undefined,
  'webhook-signature': undefined,
  'service-version': undefined,
  'service-retry-num': undefined,
  'service-retry-reason': undefined,
});

/** Which of the delivery headers `key` names, in any case. */
function webhookHeaderName(key: string): (typeof WEBHOOK_HEADER_NAMES)[number] | undefined {
  for (const name of WEBHOOK_HEADER_NAMES) if (sameName(key, name)) return name;
  return undefined;
}

function hasUpperCase(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code >= 65 && code <= 90) return true;
  }
  return false;
}
