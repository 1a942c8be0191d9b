import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/conformance/run/context.ts';
import {
  type AuthorizeOutcome,
  expectAuthorizeRefused,
  sameScopes,
  scopeSet,
  tokenFieldProblems,
} from '../../../src/conformance/oauth/index.ts';

const REGISTERED = 'http://localhost:8080/callback';
const CLIENT = { id: 'client_public', redirectUris: [REGISTERED], scopes: ['chat:write'] };

/** The findings `expectAuthorizeRefused` reports for an outcome: message start and reading. */
function judged(outcome: Partial<AuthorizeOutcome>, redirectUri = REGISTERED) {
  const found: Finding[] = [];
  const context = { report: (finding: Finding) => void found.push(finding) };
  const answer = outcome.answer ?? { status: 302, headers: {} };
  expectAuthorizeRefused(
    context,
    CLIENT,
    'case',
    { steps: [], state: 's-1', redirectUri, ...outcome, answer },
    'invalid_request',
  );
  return found.map((f) => [f.message.split(':').slice(0, 2).join(':'), f.reading ?? 'stated']);
}
const redirect = (location: string): Partial<AuthorizeOutcome> => ({
  answer: { status: 303, headers: { location } },
  target: new URL(location),
});

// AUTH-05, AUTH-06: a refusal may take any form; what is stated is judged, the RFC code is a reading.
describe('expectAuthorizeRefused', () => {
  it.each([
    [
      'a JSON 400 with the code',
      { answer: { status: 400, body: { error: 'invalid_request' } } },
      [],
    ],
    ['an HTML page of any status', { answer: { status: 200, body: '<p>No.</p>' } }, []],
    [
      'a redirect back with error and state',
      redirect(`${REGISTERED}?error=invalid_request&state=s-1`),
      [],
    ],
    [
      'a JSON 400 with another code',
      { answer: { status: 400, body: { error: 'invalid_scope' } } },
      [
        [
          'case: refused, but with error invalid_scope, not invalid_request (RFC 6749 §4.1.2.1)',
          'AUTH.oauth-error-codes',
        ],
      ],
    ],
    [
      'a redirect back without state',
      redirect(`${REGISTERED}?error=invalid_request`),
      [['case: the refusal redirects back without the state sent (s-1)', 'stated']],
    ],
    [
      'a redirect back without error',
      redirect(`${REGISTERED}?state=s-1`),
      [
        [
          'case: refused, but with no error, not invalid_request (RFC 6749 §4.1.2.1)',
          'AUTH.oauth-error-codes',
        ],
      ],
    ],
    [
      'a code issued',
      redirect(`${REGISTERED}?code=c&state=s-1`),
      [['case: not refused, a code was issued', 'stated']],
    ],
    [
      'a token issued in the fragment',
      redirect(`${REGISTERED}#access_token=t&state=s-1`),
      [['case: not refused, an access_token was issued', 'stated']],
    ],
  ])('%s', (_, outcome, findings) => {
    expect(judged(outcome as Partial<AuthorizeOutcome>)).toEqual(findings);
  });

  it.each([
    [
      'to it with an error',
      `${REGISTERED}/?error=invalid_request&state=s-1`,
      [['case: the browser was sent to the unregistered redirect_uri', 'stated']],
    ],
    ['to the registered one, with an error', `${REGISTERED}?error=invalid_request&state=s-1`, []],
  ])('an unregistered redirect_uri (a trailing slash): a redirect %s', (_, location, findings) => {
    expect(judged(redirect(location), `${REGISTERED}/`)).toEqual(findings);
  });
});

describe('tokenFieldProblems (AUTH-07)', () => {
  const tokens = {
    access_token: 'a',
    token_type: 'Bearer',
    expires_in: 604800,
    refresh_token: 'r',
    scope: 'chat:write webhook:read',
  };
  it.each([
    ['a whole response', tokens, {}, []],
    [
      'a refresh without refresh_token',
      { ...tokens, refresh_token: undefined },
      { refreshed: true },
      [],
    ],
    [
      'a code exchange without refresh_token',
      { ...tokens, refresh_token: undefined },
      {},
      ['refresh_token is missing'],
    ],
    [
      'bearer in lower case',
      { ...tokens, token_type: 'bearer' },
      {},
      ['token_type is "bearer", not "Bearer"'],
    ],
    ['an hour', { ...tokens, expires_in: 3600 }, {}, ['expires_in is 3600, not 604800']],
    [
      'scopes as a list',
      { ...tokens, scope: ['chat:write'] },
      {},
      ['scope is ["chat:write"], not a string'],
    ],
  ])('%s', (_, body, options, problems) => {
    expect(tokenFieldProblems(body, options)).toEqual(problems);
  });

  it('compares scopes as sets: order and repeated spaces do not matter', () => {
    const granted = scopeSet('webhook:read  chat:write')!;
    expect(sameScopes(granted, new Set(['chat:write', 'webhook:read']))).toBe(true);
    expect(sameScopes(scopeSet('chat:write,webhook:read')!, granted)).toBe(false);
  });
});
