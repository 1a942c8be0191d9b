import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyAndParseWebhook } from '../../src/webhooks/verify-and-parse.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBhcHAhIQ==';
const VERSION = '2026-08-25';
const envelope = (data: unknown) =>
  JSON.stringify({
    type: 'chat.message',
    eventId: 'evt_1',
    timestamp: 1,
    apiVersion: VERSION,
    data,
  });
const signed = (body: string, extra: Record<string, string> = {}) => ({
  ...signWebhook({ secret: SECRET, id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body }),
  'Service-Version': VERSION,
  ...extra,
});

describe('verifyAndParseWebhook', () => {
  it('DLV-03, DLV-12: a signed, valid delivery gives the typed payload and its metadata', () => {
    const body = envelope({ chatType: 'dm', text: 'hi' });
    const result = verifyAndParseWebhook({
      secret: SECRET,
      version: VERSION,
      headers: signed(body, { 'Service-Retry-Num': '2', 'Service-Retry-Reason': 'http_429' }),
      body,
    });
    expect(result).toMatchObject({
      ok: true,
      event: 'chat.message',
      payload: { data: { text: 'hi' } },
      delivery: {
        webhookId: 'msg_1',
        attempt: 3,
        retryReason: 'http_429',
        serviceVersion: VERSION,
      },
    });
  });

  const failures: Array<
    [string, { secret: string; body: string; headersOf?: string; want: Record<string, unknown> }]
  > = [
    [
      'DLV-03: another secret is not verified, and the body is not parsed',
      {
        secret: OTHER,
        body: 'not json',
        want: { ok: false, verified: false, reason: 'signature_mismatch' },
      },
    ],
    [
      'DLV-03: a body changed after signing',
      {
        secret: SECRET,
        body: envelope({ chatType: 'dm' }),
        headersOf: envelope({ chatType: 'group' }),
        want: { ok: false, verified: false, reason: 'signature_mismatch' },
      },
    ],
    [
      'DLV-12: a verified body the contract rejects',
      {
        secret: SECRET,
        body: envelope({ chatType: 'channel' }),
        want: {
          ok: false,
          diagnostics: [
            expect.objectContaining({ rule: 'invalid_payload', location: 'payload/data/chatType' }),
          ],
        },
      },
    ],
  ];
  it.each(failures)('%s', (_, { secret, body, headersOf, want }) => {
    expect(
      verifyAndParseWebhook({ secret, version: VERSION, headers: signed(headersOf ?? body), body }),
    ).toMatchObject(want);
  });

  it('VER-14: a Service-Version of another version is reported', () => {
    const body = envelope({ chatType: 'dm' });
    const result = verifyAndParseWebhook({
      secret: SECRET,
      version: VERSION,
      headers: signed(body, { 'Service-Version': '2026-08-20' }),
      body,
    });
    expect(result).toMatchObject({
      ok: false,
      diagnostics: [expect.objectContaining({ rule: 'version_mismatch' })],
    });
  });
});

describe('verifyAndParseWebhook: names of Object.prototype members in a signed delivery', () => {
  const typed = (type: string) =>
    JSON.stringify({ type, eventId: 'evt_1', timestamp: 1, apiVersion: VERSION, data: {} });
  const cases = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [
          `DLV-12: an envelope of type "${name}"`,
          { given: { version: VERSION as WebhookVersion, body: typed(name) } },
        ],
        [
          `DLV-12: v0 with event "${name}"`,
          { given: { version: 'v0' as WebhookVersion, event: name, body: '{}' } },
        ],
        [
          `DLV-12: the bare baseline with event "${name}"`,
          { given: { version: '2026-06-01' as WebhookVersion, event: name, body: '{}' } },
        ],
      ] as const,
  );
  it.each(cases)('%s is an unknown event, not a throw', (_, { given }) => {
    const headers = signed(
      given.body,
      given.version === 'v0' ? {} : { 'Service-Version': given.version },
    );
    const result = verifyAndParseWebhook({ secret: SECRET, ...given, headers });
    expect(result).toMatchObject({
      ok: false,
      diagnostics: [expect.objectContaining({ rule: 'unknown_event' })],
    });
  });
});

describe('verifyAndParseWebhook: options that cannot be used', () => {
  const YEAR = 365 * 24 * 3600;
  const body = envelope({ chatType: 'dm' });
  const old = {
    ...signWebhook({
      secret: SECRET,
      id: 'msg_1',
      timestamp: Math.floor(Date.now() / 1000) - YEAR,
      body,
    }),
    'Service-Version': VERSION,
  };
  const cases: Array<[string, { given: Record<string, unknown>; want: RegExp }]> = [
    [
      'a year-old delivery with tolerance NaN is refused',
      { given: { toleranceSeconds: Number.NaN }, want: /toleranceSeconds/ },
    ],
    [
      'tolerance Infinity',
      { given: { toleranceSeconds: Number.POSITIVE_INFINITY }, want: /toleranceSeconds/ },
    ],
    ['a negative tolerance', { given: { toleranceSeconds: -1 }, want: /toleranceSeconds/ }],
    ['a tolerance as text', { given: { toleranceSeconds: '300' }, want: /toleranceSeconds/ }],
    ['now NaN', { given: { now: Number.NaN }, want: /now/ }],
    ['a secret that is not a string', { given: { secret: 42 }, want: /secret/ }],
    [
      'secrets that are not an array',
      { given: { secret: undefined, secrets: SECRET }, want: /secrets/ },
    ],
  ];
  it.each(cases)('%s: invalid_options, never a throw', (_, { given, want }) => {
    const result = verifyAndParseWebhook({
      secret: SECRET,
      version: VERSION,
      headers: old,
      body,
      ...given,
    });
    expect(result).toMatchObject({
      ok: false,
      verified: false,
      reason: 'invalid_options',
      message: expect.stringMatching(want),
    });
  });
});
