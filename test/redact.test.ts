import { describe, expect, it } from 'vitest';
import { diagnostic } from '../src/diagnostic.ts';
import { REDACTED, redactDiagnostic, redactText, redactValue } from '../src/redact.ts';

describe('redactText', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      'a bearer token',
      { given: 'Authorization: Bearer sk-abc.123', want: `Authorization: Bearer ${REDACTED}` },
    ],
    ['Basic credentials', { given: 'Basic Y2xpZW50OnNlY3JldA==', want: `Basic ${REDACTED}` }],
    [
      'a signing secret',
      { given: 'secret whsec_MfKQ9r8GKYqrTwjU+/= used', want: `secret whsec_${REDACTED} used` },
    ],
    [
      'a query parameter',
      { given: '/v1/x?access_token=at_1&ok=1', want: `/v1/x?access_token=${REDACTED}&ok=1` },
    ],
    [
      'form fields',
      {
        given: 'grant_type=authorization_code&code=c1&client_secret=s1',
        want: `grant_type=authorization_code&code=${REDACTED}&client_secret=${REDACTED}`,
      },
    ],
    [
      'a JSON field',
      {
        given: '{"refresh_token": "rt_\\"x", "scope": "a"}',
        want: `{"refresh_token": "${REDACTED}", "scope": "a"}`,
      },
    ],
    [
      'names that only end like one',
      { given: 'zipcode=12345&barcode=9', want: 'zipcode=12345&barcode=9' },
    ],
    [
      'nothing to hide',
      { given: 'chat.message 2026-08-25 -> 204', want: 'chat.message 2026-08-25 -> 204' },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => expect(redactText(given)).toBe(want));
});

describe('redactValue and redactDiagnostic', () => {
  it('replaces credential fields at any depth, and credentials inside strings', () => {
    expect(
      redactValue({
        access_token: 'at',
        nested: [{ Client_Secret: 'cs', note: 'Bearer x1' }],
        n: 1,
      }),
    ).toEqual({
      access_token: REDACTED,
      nested: [{ Client_Secret: REDACTED, note: `Bearer ${REDACTED}` }],
      n: 1,
    });
  });

  it('leaves a finding without credentials as it is, and hides them in every part of one', () => {
    const clean = diagnostic('r', 'no code issued', { expected: 400, actual: { status: 200 } });
    expect(redactDiagnostic(clean)).toEqual(clean);
    const found = redactDiagnostic(
      diagnostic('r', 'refresh answered access_token=at_9', {
        actual: { refresh_token: 'rt_9' },
        exchange: { request: { method: 'POST', path: '/oauth/token', body: 'code=c9' } },
      }),
    );
    expect(JSON.stringify(found)).not.toMatch(/at_9|rt_9|c9/);
  });
});
