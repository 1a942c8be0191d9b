// receiver-suite/: the suite a webhook endpoint is tested with (conformance --receiver).
import { nameAt } from '../../version-changes/apply.js';
import { payloadFields, withPayloadFields } from '../../version-changes/payload-fields.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
/**
 * Forms of one JSON payload other than compact `JSON.stringify` output, each still the same JSON
 * value: the specification (Events, Delivery 1) says a delivery has a JSON body and fixes no serialization,
 * and the signature is over the exact bytes sent (DLV-03). Each but the reordered one changes when
 * parsed and serialized again, which is how a receiver that verifies re-serialized JSON is found;
 * the reordered one finds a receiver that serializes from a model of its own.
 */
export const BODY_FORMS: ReadonlyArray<
  readonly [form: string, write: (payload: unknown) => string]
> = [
  ['pretty-printed with two-space indentation', (payload) => JSON.stringify(payload, null, 2)],
  [
    'written with its non-ASCII characters as \\u escapes',
    (payload) => escapeNonAscii(JSON.stringify(payload)),
  ],
  ['written with its keys in another order', (payload) => JSON.stringify(reversed(payload))],
  ['followed by a trailing newline', (payload) => `${JSON.stringify(payload)}\n`],
];

/**
 * Every UTF-16 code unit outside ASCII as `\uXXXX`, as many serializers write them; in JSON text
 * they occur only inside strings, where the escape means the same character.
 */
function escapeNonAscii(json: string): string {
  return json.replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The same value with the keys of every object in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reversed(child)]),
  );
}

/**
 * A copy of `payload` (of `event` at `version`) whose message text, bare or inside an envelope's
 * `data` and under the name the version gives it, has non-ASCII characters, so that the escaped
 * form differs from the compact one; undefined when the payload has no text to change.
 */
export function withNonAsciiText(
  payload: Record<string, unknown>,
  version: WebhookVersion,
  event: string,
): Record<string, unknown> | undefined {
  const fields = payloadFields(version, payload);
  const field = nameAt({ webhook: event }, version, 'text');
  const text = fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (typeof text !== 'string') return undefined;
  return withPayloadFields(version, payload, { ...fields, [field]: nonAscii(text) });
}

const nonAscii = (text: string) => `Grüße, café – 👋 ${text}`;
