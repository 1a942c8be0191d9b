import { describe, expect, it } from 'vitest';
import {
  BODY_FORMS,
  withNonAsciiText,
} from '../../../src/conformance/receiver-suite/body-forms.ts';
import { eventsOf, payloadOf } from '../../../src/samples/payloads.ts';
import { listVersions } from '../../../src/versions.ts';
import { ENVELOPE_SINCE, type WebhookVersion } from '../../../src/webhooks/versions.ts';

const VERSIONS = ['v0', ...listVersions()] as WebhookVersion[];

/** The payload the raw-bytes check sends at `version`: its first event with message text. */
function payloadAt(version: WebhookVersion): Record<string, unknown> | undefined {
  return eventsOf(version)
    .map((event) => withNonAsciiText(payloadOf(version, event), version, event))
    .find((payload) => payload !== undefined);
}

// DLV-03: the signature is over the bytes sent, and the specification fixes no serialization of the JSON.
describe('the body forms of the raw-bytes check', () => {
  const wants: Record<string, { reserialized: 'differs' | 'same'; has: RegExp }> = {
    'pretty-printed with two-space indentation': { reserialized: 'differs', has: /\n {2}"/ },
    'written with its non-ASCII characters as \\u escapes': {
      reserialized: 'differs',
      has: /\\u00fc/,
    },
    // Parsing keeps the order sent, so this form finds receivers that serialize from a model.
    'written with its keys in another order': { reserialized: 'same', has: /^\{"data"|^\{"text"/ },
    'followed by a trailing newline': { reserialized: 'differs', has: /\}\n$/ },
  };
  it('has the forms, each with what it is for', () => {
    expect(BODY_FORMS.map(([form]) => form)).toEqual(Object.keys(wants));
  });

  it.each(
    VERSIONS.flatMap((version) =>
      BODY_FORMS.map(([form, write]) => [version, form, write] as const),
    ),
  )('%s: %s is the same JSON value in other bytes', (version, form, write) => {
    const payload = payloadAt(version);
    expect(payload, 'every version has a payload with message text').toBeDefined();
    const compact = JSON.stringify(payload);
    const body = write(payload);
    expect(body).not.toBe(compact);
    expect(JSON.parse(body)).toEqual(payload);
    expect(body).toMatch(wants[form]!.has);
    const reserialized = JSON.stringify(JSON.parse(body));
    expect(reserialized === body ? 'same' : 'differs').toBe(wants[form]!.reserialized);
  });

  // The first enveloped version: before any declared change could rename the text.
  const enveloped = ENVELOPE_SINCE;
  it.each([
    [
      'a bare payload with text',
      'v0',
      'chat:message:dm',
      { text: 'hi', type: 'message' },
      { text: /Grüße.*hi$/ },
    ],
    [
      'an envelope with data.text',
      enveloped,
      'chat.message',
      { type: 'chat.message', data: { text: 'hi' } },
      { data: { text: /👋 hi$/ } },
    ],
    ['a payload without text', 'v0', 'recording:saved', { id: 'x_1' }, undefined],
  ] as const)('withNonAsciiText: %s', (_, version, event, given, want) => {
    const changed = withNonAsciiText(given, version, event);
    if (want === undefined) return void expect(changed).toBeUndefined();
    expect(changed).toMatchObject(
      'data' in want
        ? { data: { text: expect.stringMatching(want.data.text) } }
        : { text: expect.stringMatching(want.text) },
    );
    expect(given).not.toEqual(changed);
  });
});
