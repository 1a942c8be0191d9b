import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PENDING } from '../../src/reference/authorization-codes.ts';
import {
  type ConsentPage,
  consentAsBrowser,
  openConsentPage,
  postConsent,
} from '../support/browser-consent.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// AUTH-05: consent on the reference server's authorize page is its form, posted back with a
// single-use token bound to the authorization request and to the browser shown the page. A preset
// link, a replayed or forged form, or a form without the page's cookie grants nothing.
let offset = 0;
const clock = {
  nowSeconds: () => Math.floor(Date.now() / 1000) + offset,
  nowMicroseconds: () => (Date.now() + offset * 1000) * 1000,
};
const reference = useReferenceServer({ clock });
const REDIRECT = 'http://localhost:8080/callback';
const VERIFIER = 'consent-test-verifier-'.padEnd(43, 'x');
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

function authorizeUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'client_public',
    redirect_uri: REDIRECT,
    scope: 'chat:write',
    state: 'state-1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...params,
  });
  return `${reference.server.url}/oauth/authorize?${query}`;
}
const codeOf = (response: Response) =>
  response.headers.get('location')
    ? new URL(response.headers.get('location')!).searchParams.get('code')
    : null;
const token = (form: Record<string, string>) =>
  fetch(`${reference.server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

describe('the consent page', () => {
  it('a GET with consent=allow shows the page and grants nothing', async () => {
    const response = await fetch(authorizeUrl({ consent: 'allow' }), { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([200, null]);
    expect(await response.text()).toContain('<form method="post"');
  });

  const headers: Array<[string, { given: string; want: RegExp }]> = [
    ['no sniffing', { given: 'x-content-type-options', want: /^nosniff$/ }],
    ['no framing', { given: 'x-frame-options', want: /^DENY$/ }],
    [
      'no scripts or other resources',
      { given: 'content-security-policy', want: /(^|; )default-src 'none'(;|$)/ },
    ],
    [
      'no framing, by CSP',
      { given: 'content-security-policy', want: /(^|; )frame-ancestors 'none'(;|$)/ },
    ],
    [
      'forms go here, and by their redirect to the client only',
      {
        given: 'content-security-policy',
        want: /(^|; )form-action 'self' http:\/\/localhost:8080(;|$)/,
      },
    ],
    ['not cached', { given: 'cache-control', want: /^no-store$/ }],
    [
      'a cookie no other site sends along',
      {
        given: 'set-cookie',
        want: /^consent_browser=[A-Za-z0-9_-]{32}; Path=\/oauth; Max-Age=600; HttpOnly; SameSite=Strict$/,
      },
    ],
    ['HTML in UTF-8', { given: 'content-type', want: /^text\/html; charset=utf-8$/ }],
  ];
  it.each(headers)('sends %s', async (_, { given, want }) => {
    const response = await fetch(authorizeUrl(), { redirect: 'manual' });
    expect(response.headers.get(given)).toMatch(want);
  });
});

describe('posting the form', () => {
  it("allow: to the redirect URI with a code and the request's state; the code is the request's", async () => {
    const answer = await consentAsBrowser(authorizeUrl({ state: 'bound-state' }));
    const location = new URL(answer.headers.get('location')!);
    expect([
      answer.status,
      `${location.origin}${location.pathname}`,
      location.searchParams.get('state'),
    ]).toEqual([302, REDIRECT, 'bound-state']);
    const code = location.searchParams.get('code')!;
    const exchanged = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'client_public',
      code_verifier: VERIFIER,
    });
    expect([exchanged.status, ((await exchanged.json()) as { scope: string }).scope]).toEqual([
      200,
      'chat:write',
    ]);
  });

  it('deny: to the redirect URI with access_denied and the state, no code (RFC 6749 §4.1.2.1)', async () => {
    const location = new URL(
      (await consentAsBrowser(authorizeUrl(), 'deny')).headers.get('location')!,
    );
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      state: 'state-1',
    });
  });

  it('the code is bound to the client, redirect URI and PKCE challenge the page was shown for', async () => {
    const code = codeOf(await consentAsBrowser(authorizeUrl()))!;
    const other = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'client_confidential',
      client_secret: 'cs_reference_secret',
    });
    expect(other.status).toBe(400);
    const code2 = codeOf(await consentAsBrowser(authorizeUrl()))!;
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: REDIRECT,
      client_id: 'client_public',
      code_verifier: 'w'.repeat(43),
    });
    expect(wrongVerifier.status).toBe(400);
  });

  type Refusal = {
    given: (page: ConsentPage, other: ConsentPage) => Promise<Response>;
    want: number;
  };
  const post = (page: ConsentPage, body: string, headers: Record<string, string> = {}) =>
    fetch(page.action, {
      method: 'POST',
      redirect: 'manual',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: page.cookie,
        ...headers,
      },
    });
  const tokenOf = (page: ConsentPage) =>
    new URLSearchParams(page.form.fields).get('consent_token')!;
  const refusals: Array<[string, Refusal]> = [
    ['without the token', { given: (page) => post(page, 'consent=allow'), want: 400 }],
    [
      'with a token never issued',
      { given: (page) => post(page, 'consent=allow&consent_token=consent_forged'), want: 400 },
    ],
    ...PROTOTYPE_NAMES.map((name): [string, Refusal] => [
      `with the token ${name}`,
      {
        given: (page) => post(page, `consent=allow&consent_token=${encodeURIComponent(name)}`),
        want: 400,
      },
    ]),
    [
      "without the page's cookie (a form posted from another site)",
      { given: (page) => postConsent(page, 'allow', { cookie: '' }), want: 400 },
    ],
    [
      "with another browser's cookie",
      { given: (page, other) => postConsent(page, 'allow', { cookie: other.cookie }), want: 400 },
    ],
    [
      'with a cookie of another shape',
      { given: (page) => postConsent(page, 'allow', { cookie: 'consent_browser=x' }), want: 400 },
    ],
    [
      'a second time',
      { given: async (page) => (await postConsent(page), postConsent(page)), want: 400 },
    ],
    [
      'as a GET link',
      {
        given: (page) =>
          fetch(`${page.action}?consent=allow&consent_token=${tokenOf(page)}`, {
            redirect: 'manual',
            headers: { cookie: page.cookie },
          }),
        want: 405,
      },
    ],
    [
      'as JSON',
      {
        given: (page) =>
          post(page, JSON.stringify({ consent: 'allow', consent_token: tokenOf(page) }), {
            'content-type': 'application/json',
          }),
        want: 400,
      },
    ],
    [
      'with a field repeated',
      {
        given: (page) => post(page, `consent=deny&consent=allow&consent_token=${tokenOf(page)}`),
        want: 400,
      },
    ],
    [
      'over 4 KB',
      {
        given: (page) =>
          post(page, `consent=allow&consent_token=${tokenOf(page)}&pad=${'a'.repeat(5000)}`),
        want: 400,
      },
    ],
  ];
  it.each(refusals)('refused %s', async (_, { given, want }) => {
    const [page, other] = await Promise.all([
      openConsentPage(authorizeUrl()),
      openConsentPage(authorizeUrl()),
    ]);
    const answer = await given(page, other);
    expect([answer.status, answer.headers.get('location')]).toEqual([want, null]);
    expect(((await answer.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('a form posted after ten minutes is refused', async () => {
    const page = await openConsentPage(authorizeUrl());
    offset = 601;
    try {
      expect((await postConsent(page)).status).toBe(400);
    } finally {
      offset = 0;
    }
  });

  it(`at most ${MAX_PENDING} unanswered pages are held: the oldest gives way`, async () => {
    const oldest = await openConsentPage(authorizeUrl());
    for (let i = 0; i < MAX_PENDING; i += 1)
      await (await fetch(authorizeUrl(), { redirect: 'manual' })).arrayBuffer();
    const newest = await openConsentPage(authorizeUrl());
    expect((await postConsent(oldest)).status).toBe(400);
    expect((await postConsent(newest)).status).toBe(302);
  });
});
