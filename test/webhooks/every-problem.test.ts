import { describe, expect, it } from 'vitest';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { createReceiver } from '../../src/webhooks/receiver.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyAndParseWebhook } from '../../src/webhooks/verify-and-parse.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';

// A delivery wrong in several ways is told every way, each as one diagnostic with its rule, its
// requirement and where it is; the first is what `reason` and a receiver's `error` name.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NOW = 1_785_312_000;
const envelope = {
  type: 'chat.message',
  eventId: 'e1',
  timestamp: NOW,
  apiVersion: '2026-08-25',
  data: { chatType: 'dm' },
};
const found = (diagnostics: Array<{ rule: string; location?: string; requirement?: string }>) =>
  diagnostics.map((d) => [d.rule, d.location, d.requirement]);

describe('parseWebhook: every problem of one delivery', () => {
  const cases: Array<
    [
      string,
      {
        given: { version: string; event?: string; body: unknown; headers?: Record<string, string> };
        want: Array<[string, string | undefined, string]>;
      },
    ]
  > = [
    [
      'VER-01, DLV-01, DLV-05: an unknown version, a body that is no JSON and a lone retry number',
      {
        given: { version: '2020-01-01', body: '{', headers: { 'Service-Retry-Num': '1' } },
        want: [
          ['unknown_version', undefined, 'VER-01'],
          ['invalid_json', 'payload', 'DLV-01'],
          ['retry_headers', 'header Service-Retry-Reason', 'DLV-05'],
        ],
      },
    ],
    [
      'DLV-01, VER-14: a body that is no JSON, sent with another version',
      {
        given: { version: '2026-08-25', body: 'x', headers: { 'Service-Version': '2026-07-07' } },
        want: [
          ['invalid_json', 'payload', 'DLV-01'],
          ['version_mismatch', 'header Service-Version', 'VER-14'],
        ],
      },
    ],
    [
      'DLV-05, DLV-12: an unknown retry reason and two wrong payload fields',
      {
        given: {
          version: '2026-08-25',
          body: JSON.stringify({ ...envelope, eventId: 5, data: { chatType: 'channel' } }),
          headers: { 'Service-Retry-Num': '2', 'Service-Retry-Reason': 'http_404' },
        },
        want: [
          ['retry_headers', 'header Service-Retry-Reason', 'DLV-05'],
          ['invalid_payload', 'payload/eventId', 'DLV-12'],
          ['invalid_payload', 'payload/data/chatType', 'DLV-12'],
        ],
      },
    ],
    [
      'VER-08, VER-14: another event than the one expected, at another version',
      {
        given: {
          version: '2026-08-25',
          event: 'reaction.added',
          body: JSON.stringify(envelope),
          headers: { 'Service-Version': '2026-08-20' },
        },
        want: [
          ['version_mismatch', 'header Service-Version', 'VER-14'],
          ['event_mismatch', 'payload/type', 'VER-08'],
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const result = parseWebhook({ ...given, version: given.version as WebhookVersion });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(found(result.diagnostics)).toEqual(want);
      expect(result.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    }
  });
});

describe('verifyWebhook: every reason one delivery fails', () => {
  const signed = signWebhook({ secret: SECRET, id: 'msg_1', timestamp: NOW - 3600, body: '{}' });
  const cases: Array<
    [
      string,
      {
        given: Record<string, unknown>;
        want: { reason: string; all: Array<[string, string | undefined, string | undefined]> };
      },
    ]
  > = [
    [
      'DLV-02: no webhook-id, no webhook-signature, and a parsed body',
      {
        given: { headers: { 'webhook-timestamp': String(NOW) }, body: {} },
        want: {
          reason: 'missing_headers',
          all: [
            ['missing_headers', 'header webhook-id', 'DLV-02'],
            ['missing_headers', 'header webhook-signature', 'DLV-02'],
            ['invalid_body', 'body', undefined],
          ],
        },
      },
    ],
    [
      'DLV-02: no webhook-id and a timestamp an hour old',
      {
        given: { headers: { ...signed, 'webhook-id': '' }, body: '{}' },
        want: {
          reason: 'missing_headers',
          all: [
            ['missing_headers', 'header webhook-id', 'DLV-02'],
            ['timestamp_too_old', 'header webhook-timestamp', 'DLV-02'],
          ],
        },
      },
    ],
    [
      'DLV-02: a NaN tolerance, a secret that is a number, and a timestamp that is no number',
      {
        given: {
          secret: 7,
          toleranceSeconds: Number.NaN,
          headers: { ...signed, 'webhook-timestamp': 'soon' },
          body: '{}',
        },
        want: {
          reason: 'invalid_options',
          all: [
            ['invalid_options', undefined, undefined],
            ['invalid_options', undefined, undefined],
            ['invalid_timestamp', 'header webhook-timestamp', 'DLV-02'],
          ],
        },
      },
    ],
    [
      'AUTH-12, DLV-02: a secret without its prefix and a timestamp an hour old',
      {
        given: { secret: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', headers: signed, body: '{}' },
        want: {
          reason: 'invalid_secret',
          all: [
            ['invalid_secret', undefined, 'AUTH-12'],
            ['timestamp_too_old', 'header webhook-timestamp', 'DLV-02'],
          ],
        },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const input = { secret: SECRET, now: NOW, ...given } as Parameters<typeof verifyWebhook>[0];
    const result = verifyWebhook(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([result.reason, found(result.diagnostics)]).toEqual([want.reason, want.all]);
    expect(result.message).toBe(result.diagnostics[0]!.message);
    // verifyAndParseWebhook refuses the same delivery for the same reasons.
    expect(verifyAndParseWebhook({ ...input, version: '2026-08-25' })).toMatchObject({
      ok: false,
      verified: false,
      reason: want.reason,
      diagnostics: result.diagnostics,
    });
  });
});

describe('createReceiver: a 401 lists every reason', () => {
  it('DLV-02: no webhook-signature and a timestamp from the future', async () => {
    const receive = createReceiver({ secret: SECRET, version: '2026-08-25', onDelivery: () => {} });
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    const answer = await receive({ 'webhook-id': 'msg_1', 'webhook-timestamp': future }, '{}');
    expect(answer.status).toBe(401);
    expect([answer.body?.error, found(answer.body?.diagnostics ?? [])]).toEqual([
      'missing_headers',
      [
        ['missing_headers', 'header webhook-signature', 'DLV-02'],
        ['timestamp_too_new', 'header webhook-timestamp', 'DLV-02'],
      ],
    ]);
  });

  it('DLV-02: a parsed body and no webhook headers at all', async () => {
    const receive = createReceiver({ secret: SECRET, version: '2026-08-25', onDelivery: () => {} });
    const answer = await receive({}, {} as unknown as string);
    expect([answer.status, answer.body?.diagnostics?.map((d) => d.rule)]).toEqual([
      401,
      ['invalid_body', 'missing_headers', 'missing_headers', 'missing_headers'],
    ]);
  });
});
