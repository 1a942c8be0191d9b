import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OAuthOptions,
  TokenRevokedError,
  createAuthorizationRequest,
  createTokenSession,
  exchangeCode,
  refreshTokens,
} from '../../src/oauth/index.ts';
import { startOAuthDouble } from '../support/oauth-server-double.ts';

let server: Awaited<ReturnType<typeof startOAuthDouble>>;
beforeAll(async () => (server = await startOAuthDouble()));
afterAll(() => server.close());

const REDIRECT = 'http://localhost:8080/callback';
const publicApp = (): OAuthOptions => ({
  authUrl: server.url,
  clientId: 'app_public',
  redirectUri: REDIRECT,
  allowInsecureRequests: true,
});
const confidential = (clientAuth: 'basic' | 'post'): OAuthOptions => ({
  ...publicApp(),
  clientId: 'app_confidential',
  clientSecret: 'cs_secret',
  clientAuth,
});

/** Authorize as the user would: consent, then the redirect with code and state. */
async function authorize(options: OAuthOptions, scope?: string) {
  const request = await createAuthorizationRequest(options);
  const code = server.consent(
    options.clientId,
    REDIRECT,
    request.url.searchParams.get('code_challenge')!,
    scope,
  );
  return exchangeCode(options, `${REDIRECT}?code=${code}&state=${request.state}`, request);
}

describe('createAuthorizationRequest', () => {
  it('AUTH-05, AUTH-06: asks for a code with the exact redirect URI, a state and an S256 challenge of the verifier', async () => {
    const { url, state, codeVerifier } = await createAuthorizationRequest(publicApp(), [
      'chat:write',
      'webhook:read',
    ]);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app_public',
      redirect_uri: REDIRECT,
      state,
      scope: 'chat:write webhook:read',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
  });

  it('makes a new state and verifier every time', async () => {
    const [a, b] = await Promise.all([
      createAuthorizationRequest(publicApp()),
      createAuthorizationRequest(publicApp()),
    ]);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
  });
});

describe('exchangeCode', () => {
  const cases: Array<[string, { options: () => OAuthOptions; auth: string }]> = [
    [
      'AUTH-04: a public client sends its verifier and no secret',
      { options: publicApp, auth: 'none' },
    ],
    [
      'AUTH-04: a confidential client with HTTP Basic',
      { options: () => confidential('basic'), auth: 'basic' },
    ],
    [
      'AUTH-04: a confidential client with the secret in the body',
      { options: () => confidential('post'), auth: 'post' },
    ],
  ];
  it.each(cases)('%s', async (_, { options, auth }) => {
    const tokens = await authorize(options());
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^at_/),
      refreshToken: expect.stringMatching(/^rt_/),
      expiresIn: 604800,
    });
    const sent = server.seen.at(-1)!;
    expect(sent).toMatchObject({ grant: 'authorization_code', auth });
    expect(sent.form.code_verifier).toBeTruthy();
  });

  it('AUTH-05: refuses a redirect whose state is not the one sent', async () => {
    const request = await createAuthorizationRequest(publicApp());
    await expect(
      exchangeCode(publicApp(), `${REDIRECT}?code=c&state=forged`, request),
    ).rejects.toThrow(/state/);
  });

  it('AUTH-06: the server refuses a verifier that does not match the challenge', async () => {
    const request = await createAuthorizationRequest(publicApp());
    const code = server.consent('app_public', REDIRECT, 'another-challenge');
    await expect(
      exchangeCode(publicApp(), `${REDIRECT}?code=${code}&state=${request.state}`, request),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('refreshTokens', () => {
  it('AUTH-08: keeps the rotated refresh token; the old one stops working', async () => {
    const first = await authorize(confidential('basic'));
    const second = await refreshTokens(confidential('basic'), first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    await expect(refreshTokens(confidential('basic'), first)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('AUTH-08: may narrow scopes but not add any', async () => {
    const tokens = await authorize(confidential('post'), 'chat:write webhook:read');
    expect((await refreshTokens(confidential('post'), tokens, ['chat:write'])).scope).toBe(
      'chat:write',
    );
    const again = await authorize(confidential('post'), 'chat:write');
    await expect(
      refreshTokens(confidential('post'), again, ['chat:write', 'webhook:write']),
    ).rejects.toMatchObject({ error: 'invalid_scope' });
  });
});

describe('createTokenSession', () => {
  it('AUTH-08: on invalid_token refreshes once, retries the request with its body, and reports the new tokens', async () => {
    const tokens = await authorize(confidential('basic'));
    [...server.grants.values()].find((g) => g.access === tokens.accessToken)!.expired = true;
    const reported: unknown[] = [];
    const session = createTokenSession(confidential('basic'), tokens, (t) => reported.push(t));
    const response = await session.fetch(
      new Request(`${server.url}/v1/resource`, { method: 'POST', body: 'payload' }),
    );
    expect(await response.json()).toEqual({ ok: true, body: 'payload' });
    expect(session.tokens?.refreshToken).not.toBe(tokens.refreshToken);
    expect(reported).toEqual([session.tokens]);
  });

  it('AUTH-09: on token_revoked discards both tokens and stops for good', async () => {
    const tokens = await authorize(confidential('basic'));
    [...server.grants.values()].find((g) => g.access === tokens.accessToken)!.revoked = true;
    const reported: unknown[] = [];
    const session = createTokenSession(confidential('basic'), tokens, (t) => reported.push(t));
    await expect(session.fetch(new Request(`${server.url}/v1/resource`))).rejects.toBeInstanceOf(
      TokenRevokedError,
    );
    expect(session.tokens).toBeUndefined();
    expect(reported).toEqual([undefined]);
    const before = server.seen.length;
    await expect(session.fetch(new Request(`${server.url}/v1/resource`))).rejects.toBeInstanceOf(
      TokenRevokedError,
    );
    expect(server.seen.length).toBe(before);
  });
});
