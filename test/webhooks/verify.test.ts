import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NOW = 1_785_312_000;
const YEAR = 365 * 24 * 3600;
const body = '{"type":"chat.message"}';
const signedAt = (timestamp: number) =>
  signWebhook({ secret: SECRET, id: 'msg_1', timestamp, body });

// DLV-02: a tolerance that is not a finite number, 0 or more, makes every timestamp comparison
// false (NaN) or true (Infinity), so a delivery of any age would pass. Such options are refused
// with invalid_options, without a throw and whatever the delivery.
describe('verifyWebhook: options that cannot be used', () => {
  const cases: Array<
    [string, { given: Record<string, unknown>; timestamp?: number; want: Record<string, unknown> }]
  > = [
    [
      'DLV-02: a year-old delivery with tolerance NaN is rejected',
      {
        given: { toleranceSeconds: Number.NaN },
        timestamp: NOW - YEAR,
        want: { reason: 'invalid_options', message: expect.stringMatching(/toleranceSeconds/) },
      },
    ],
    [
      'DLV-02: a year-old delivery with tolerance Infinity is rejected',
      {
        given: { toleranceSeconds: Number.POSITIVE_INFINITY },
        timestamp: NOW - YEAR,
        want: { reason: 'invalid_options' },
      },
    ],
    [
      'DLV-02: a year-old delivery with tolerance -Infinity is rejected',
      {
        given: { toleranceSeconds: Number.NEGATIVE_INFINITY },
        timestamp: NOW - YEAR,
        want: { reason: 'invalid_options' },
      },
    ],
    [
      'DLV-02: a negative tolerance',
      { given: { toleranceSeconds: -300 }, want: { reason: 'invalid_options' } },
    ],
    [
      'DLV-02: a tolerance as text',
      { given: { toleranceSeconds: '300' }, want: { reason: 'invalid_options' } },
    ],
    [
      'DLV-02: a tolerance of null',
      { given: { toleranceSeconds: null }, want: { reason: 'invalid_options' } },
    ],
    [
      'DLV-02: now NaN',
      {
        given: { now: Number.NaN },
        timestamp: NOW - YEAR,
        want: { reason: 'invalid_options', message: expect.stringMatching(/\bnow\b/) },
      },
    ],
    ['DLV-02: now as text', { given: { now: String(NOW) }, want: { reason: 'invalid_options' } }],
    [
      'AUTH-12: a secret that is not a string',
      {
        given: { secret: 42 },
        want: { reason: 'invalid_options', message: expect.stringMatching(/secret/) },
      },
    ],
    [
      'AUTH-12: secrets that are one string, not an array',
      {
        given: { secret: undefined, secrets: SECRET },
        want: { reason: 'invalid_options', message: expect.stringMatching(/secrets/) },
      },
    ],
    [
      'AUTH-12: secrets holding a number',
      { given: { secret: undefined, secrets: [SECRET, 7] }, want: { reason: 'invalid_options' } },
    ],
    ['AUTH-12: no secret', { given: { secret: undefined }, want: { reason: 'invalid_secret' } }],
    [
      'AUTH-12: a secret without its prefix',
      { given: { secret: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, want: { reason: 'invalid_secret' } },
    ],
  ];
  it.each(cases)('%s', (_, { given, timestamp = NOW, want }) => {
    const input = { secret: SECRET, headers: signedAt(timestamp), body, now: NOW, ...given };
    expect(verifyWebhook(input as Parameters<typeof verifyWebhook>[0])).toMatchObject({
      ok: false,
      ...want,
    });
  });

  const accepted: Array<[string, { given: Record<string, unknown>; timestamp: number }]> = [
    [
      'DLV-02: tolerance 0 accepts a delivery signed this second',
      { given: { toleranceSeconds: 0 }, timestamp: NOW },
    ],
    [
      'DLV-02: a tolerance of a year accepts a delivery of a year',
      { given: { toleranceSeconds: YEAR }, timestamp: NOW - YEAR },
    ],
  ];
  it.each(accepted)('%s', (_, { given, timestamp }) => {
    expect(
      verifyWebhook({ secret: SECRET, headers: signedAt(timestamp), body, now: NOW, ...given }),
    ).toEqual({ ok: true, id: 'msg_1', timestamp });
  });

  it('DLV-02: tolerance 0 refuses a delivery one second old', () => {
    expect(
      verifyWebhook({
        secret: SECRET,
        headers: signedAt(NOW - 1),
        body,
        now: NOW,
        toleranceSeconds: 0,
      }),
    ).toMatchObject({ ok: false, reason: 'timestamp_too_old' });
  });
});
