import { describe, expect, expectTypeOf, it } from 'vitest';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { webhookExamples } from '../support/webhook-examples.ts';
import { PROTOTYPE_NAMES, jsonWithKey } from '../support/prototype-names.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NOW = 1_785_312_000;
const versions = listApiDocuments().filter((api) => api.name !== 'auth');

/** A signed delivery as the service sends it (DLV-02, DLV-03), with its version header (VER-14). */
function deliver(version: string, payload: unknown, extra: Record<string, string> = {}) {
  const body = JSON.stringify(payload);
  const headers = {
    ...signWebhook({ secret: SECRET, id: 'msg_1', timestamp: NOW, body }),
    ...extra,
  };
  return { body, headers: version === 'v0' ? headers : { ...headers, 'Service-Version': version } };
}

// Deliveries built from the contract's own examples, for every version and every event.
describe.each(versions.map((api) => [api.version ?? api.name, api] as const))(
  'deliveries of %s',
  (version, api) => {
    const document = readBundledDocument(api);
    const cases = Object.keys(document.webhooks ?? {}).flatMap((event) =>
      webhookExamples(document, event).map(
        (example) => [`${event}: ${example.description}`, event, example] as const,
      ),
    );
    it.each(cases)('%s', (_, event, example) => {
      const { body, headers } = deliver(version, example.data);
      expect(verifyWebhook({ secret: SECRET, headers, body, now: NOW }).ok).toBe(true);
      const result = parseWebhook({ version: version as WebhookVersion, event, body, headers });
      if (example.valid)
        expect(result).toMatchObject({
          ok: true,
          event,
          payload: example.data,
          delivery: { webhookId: 'msg_1', attempt: 1 },
        });
      else
        expect(result).toMatchObject({
          ok: false,
          diagnostics: expect.arrayContaining([
            expect.objectContaining({
              rule: expect.stringMatching(/invalid_payload|event_mismatch/),
            }),
          ]),
        });
    });
  },
);

describe('parseWebhook diagnostics', () => {
  const envelope = {
    type: 'chat.message',
    eventId: 'e1',
    timestamp: NOW,
    apiVersion: '2026-08-25',
    data: { chatType: 'dm' },
  };
  const cases: Array<
    [
      string,
      {
        version: string;
        event?: string;
        payload: unknown;
        headers?: Record<string, string>;
        want: string[];
      },
    ]
  > = [
    [
      'VER-01: an unknown version',
      { version: '2026-01-01', payload: envelope, want: ['unknown_version'] },
    ],
    [
      'DLV-01: a body that is not JSON',
      { version: '2026-08-25', payload: '{not json', want: ['invalid_json'] },
    ],
    [
      'VER-08: a bare baseline payload needs its event named',
      { version: '2026-06-01', payload: { text: 'hi' }, want: ['missing_event'] },
    ],
    [
      'VER-08: v0 needs its event named',
      { version: 'v0', payload: { type: 'message' }, want: ['missing_event'] },
    ],
    [
      'VER-08: an enveloped payload routes on type',
      {
        version: '2026-08-25',
        event: 'chat.reaction',
        payload: envelope,
        want: ['event_mismatch'],
      },
    ],
    [
      'VER-08: apiVersion of another version',
      {
        version: '2026-08-25',
        payload: { ...envelope, apiVersion: '2026-07-07' },
        want: ['invalid_payload'],
      },
    ],
    [
      'VER-14: Service-Version of another version',
      {
        version: '2026-08-25',
        payload: envelope,
        headers: { 'Service-Version': '2026-08-20' },
        want: ['version_mismatch'],
      },
    ],
    [
      'DLV-05: a retry number without its reason',
      {
        version: '2026-08-25',
        payload: envelope,
        headers: { 'Service-Retry-Num': '1' },
        want: ['retry_headers'],
      },
    ],
    [
      'DLV-05: an unknown retry reason',
      {
        version: '2026-08-25',
        payload: envelope,
        headers: { 'Service-Retry-Num': '2', 'Service-Retry-Reason': 'http_404' },
        want: ['retry_headers'],
      },
    ],
    [
      'DLV-05: a retry number out of range',
      {
        version: '2026-08-25',
        payload: envelope,
        headers: { 'Service-Retry-Num': '4', 'Service-Retry-Reason': 'http_5xx' },
        want: ['retry_headers'],
      },
    ],
    [
      'DLV-12: an event the version does not have',
      { version: 'v0', event: 'chat.message', payload: {}, want: ['unknown_event'] },
    ],
  ];
  it.each(cases)('%s', (_, { version, event, payload, headers, want }) => {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const result = parseWebhook({ version: version as WebhookVersion, event, body, headers });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.rule)).toEqual(want);
  });

  it('DLV-05: a retry reports its attempt number and reason', () => {
    const { body, headers } = deliver('2026-08-25', envelope, {
      'Service-Retry-Num': '2',
      'Service-Retry-Reason': 'http_429',
    });
    expect(parseWebhook({ version: '2026-08-25', body, headers })).toMatchObject({
      ok: true,
      delivery: { attempt: 3, retryReason: 'http_429', serviceVersion: '2026-08-25' },
    });
  });

  it('accepts an already parsed body', () => {
    expect(parseWebhook({ version: '2026-08-25', body: envelope }).ok).toBe(true);
  });
});

describe('parseWebhook types', () => {
  it('narrows the payload by event and version', () => {
    const result = parseWebhook({ version: '2026-08-25', body: '{}' });
    if (result.ok && result.event === 'chat.message') {
      expectTypeOf(result.payload.apiVersion).toEqualTypeOf<'2026-08-25'>();
      expectTypeOf(result.payload.data.chatType).toEqualTypeOf<'dm' | 'group' | undefined>();
    }
    const bare = parseWebhook({ version: '2026-06-01', event: 'chat.message', body: '{}' });
    if (bare.ok && bare.event === 'chat.message') {
      // @ts-expect-error the baseline payload is bare: there is no envelope `data` (VER-08)
      void bare.payload.data;
    }
    const v0 = parseWebhook({ version: 'v0', event: 'chat:message:dm', body: '{}' });
    if (v0.ok && v0.event === 'chat:message:dm')
      expectTypeOf(v0.payload.timestamp).toEqualTypeOf<number>();
    // At run time an empty object is no envelope and no chat message, but it is a bare baseline
    // chat.message: that payload's shape is not shown, so its schema is open.
    expect([result.ok, bare.ok, v0.ok]).toEqual([false, true, false]);
  });
});

describe('parseWebhook: names of Object.prototype members from a delivery', () => {
  const envelopeOf = (type: string) =>
    JSON.stringify({
      type,
      eventId: 'e1',
      timestamp: NOW,
      apiVersion: '2026-08-25',
      data: { chatType: 'dm' },
    });
  const codes = (input: Parameters<typeof parseWebhook>[0]) => {
    const result = parseWebhook(input);
    return result.ok ? [] : result.diagnostics.map((d) => d.rule);
  };
  const cases = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [
          `DLV-12: an envelope of type "${name}"`,
          {
            given: { version: '2026-08-25' as WebhookVersion, body: envelopeOf(name) },
            want: ['unknown_event'],
          },
        ],
        [
          `DLV-12: v0 with event "${name}"`,
          {
            given: { version: 'v0' as WebhookVersion, event: name, body: '{}' },
            want: ['unknown_event'],
          },
        ],
        [
          `DLV-12: the bare baseline with event "${name}"`,
          {
            given: { version: '2026-06-01' as WebhookVersion, event: name, body: '{}' },
            want: ['unknown_event'],
          },
        ],
        [
          `VER-08: event "${name}" expected, envelope of type "${name}"`,
          {
            given: { version: '2026-08-25' as WebhookVersion, event: name, body: envelopeOf(name) },
            want: ['unknown_event'],
          },
        ],
        [
          `VER-01: version "${name}"`,
          {
            given: { version: name as WebhookVersion, body: envelopeOf('chat.message') },
            want: ['unknown_version'],
          },
        ],
        [
          `VER-08: an envelope whose only key is "${name}"`,
          {
            given: {
              version: '2026-08-25' as WebhookVersion,
              body: jsonWithKey(name, 'chat.message'),
            },
            want: ['invalid_payload'],
          },
        ],
      ] as const,
  );
  it.each(cases)('%s', (_, { given, want }) => {
    expect(codes(given)).toEqual(want);
  });

  const others: Array<[string, { given: Parameters<typeof parseWebhook>[0]; want: string[] }]> = [
    [
      "VER-08: `type` inherited, not the payload's own, names no event",
      {
        given: { version: '2026-08-25', body: Object.create({ type: 'chat.message' }) },
        want: ['invalid_payload'],
      },
    ],
    [
      'DLV-12: an event option that only converts to an event name',
      {
        given: {
          version: 'v0',
          event: { toString: () => 'chat:message:dm' } as unknown as string,
          body: '{}',
        },
        want: ['unknown_event'],
      },
    ],
    [
      'DLV-01: a body nested 300,000 deep is parsed or refused, not a crash',
      {
        given: { version: '2026-08-25', body: `${'['.repeat(300_000)}${']'.repeat(300_000)}` },
        want: ['invalid_payload'],
      },
    ],
    [
      'DLV-01: an already parsed error object is a payload, not a parse failure',
      { given: { version: '2026-08-25', body: new SyntaxError('x') }, want: ['invalid_payload'] },
    ],
  ];
  it.each(others)('%s', (_, { given, want }) => {
    expect(codes(given)).toEqual(want);
  });
});
