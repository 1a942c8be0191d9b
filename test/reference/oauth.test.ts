import { describe, expect, it } from 'vitest';
import { consentAsBrowser } from '../support/browser-consent.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import {
  type OAuthOptions,
  TokenRevokedError,
  createAuthorizationRequest,
  createTokenSession,
  exchangeCode,
  refreshTokens,
} from '../../src/oauth/index.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

// The reference server's OAuth server, driven by the toolkit's own OAuth helpers (oauth4webapi).
const auth = loadDocumentsByVersion().get('auth')!;
const REDIRECT = 'http://localhost:8080/callback';
const reference = useReferenceServer();

const confidential = (): OAuthOptions => ({
  authUrl: reference.server.url,
  clientId: 'client_confidential',
  clientSecret: 'cs_reference_secret',
  redirectUri: REDIRECT,
  allowInsecureRequests: true,
});
const publicClient = (): OAuthOptions => ({
  authUrl: reference.server.url,
  clientId: 'client_public',
  redirectUri: REDIRECT,
  allowInsecureRequests: true,
});

/**
 * The browser part: the consent page's form posted, then follow nothing, read where it would go.
 */
async function consent(url: URL): Promise<string> {
  const response = await consentAsBrowser(url);
  expect(response.status).toBe(302);
  expect(
    checkResponse(auth.document, auth.validator, {
      path: '/oauth/authorize',
      method: 'get',
      status: 302,
      headers: response.headers,
      body: undefined,
    }),
  ).toEqual([]);
  return response.headers.get('location')!;
}

async function authorize(options: OAuthOptions, scope?: string[]) {
  const request = await createAuthorizationRequest(options, scope);
  return exchangeCode(options, await consent(request.url), request);
}

describe('authorize', () => {
  const base = () => ({
    response_type: 'code',
    client_id: 'client_public',
    redirect_uri: REDIRECT,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 's1',
  });
  const cases: Array<
    [string, { params: Record<string, string | undefined>; status: number; error?: string }]
  > = [
    ['AUTH-05: shows the consent page', { params: {}, status: 200 }],
    [
      'AUTH-05: a redirect_uri not registered exactly',
      { params: { redirect_uri: `${REDIRECT}/` }, status: 400, error: 'invalid_request' },
    ],
    [
      'AUTH-05: response_type other than code',
      { params: { response_type: 'token' }, status: 400, error: 'unsupported_response_type' },
    ],
    [
      'AUTH-06: plain PKCE is rejected',
      { params: { code_challenge_method: 'plain' }, status: 400, error: 'invalid_request' },
    ],
    [
      'AUTH-06: a public client without PKCE',
      {
        params: { code_challenge: undefined, code_challenge_method: undefined },
        status: 400,
        error: 'invalid_request',
      },
    ],
    [
      'an unknown client',
      { params: { client_id: 'nobody' }, status: 400, error: 'invalid_client' },
    ],
  ];
  it.each(cases)('%s', async (_, { params, status, error }) => {
    const query = Object.fromEntries(
      Object.entries({ ...base(), ...params }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    const response = await fetch(
      `${reference.server.url}/oauth/authorize?${new URLSearchParams(query)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(status);
    if (error) expect(((await response.json()) as { error: string }).error).toBe(error);
  });

  it('AUTH-05: echoes state on the redirect', async () => {
    const request = await createAuthorizationRequest(publicClient());
    expect(new URL(await consent(request.url)).searchParams.get('state')).toBe(request.state);
  });
});

describe('token endpoint and grants', () => {
  it('AUTH-04, AUTH-06, AUTH-07: a public client exchanges its code with PKCE for a week-long token', async () => {
    const tokens = await authorize(publicClient());
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^at_/),
      refreshToken: expect.stringMatching(/^rt_/),
      expiresIn: 604800,
      scope: 'chat:write webhook:read webhook:write',
    });
    const info = await fetch(`${reference.server.url}/v1/token.info`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(((await info.json()) as { client: string }).client).toBe('app_acme');
  });

  it('AUTH-04: a confidential client authenticates with HTTP Basic or its secret in the body', async () => {
    expect((await authorize({ ...confidential(), clientAuth: 'basic' })).accessToken).toBeTruthy();
    expect((await authorize({ ...confidential(), clientAuth: 'post' })).accessToken).toBeTruthy();
    await expect(authorize({ ...confidential(), clientSecret: 'wrong' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
  });

  it('AUTH-05: a code works once', async () => {
    const request = await createAuthorizationRequest(publicClient());
    const location = await consent(request.url);
    await exchangeCode(publicClient(), location, request);
    await expect(exchangeCode(publicClient(), location, request)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('AUTH-06: a verifier that does not match the challenge is refused', async () => {
    const request = await createAuthorizationRequest(publicClient());
    const location = await consent(request.url);
    await expect(
      exchangeCode(publicClient(), location, { ...request, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('AUTH-03: client_credentials is not a supported grant', async () => {
    const response = await fetch(`${reference.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=client_confidential&client_secret=cs_reference_secret',
    });
    expect(response.status).toBe(400);
  });

  it('AUTH-08: refresh rotates, the old refresh token stops working, and scopes only narrow', async () => {
    const first = await authorize(confidential(), ['chat:write', 'webhook:read']);
    const second = await refreshTokens(confidential(), first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(
      refreshTokens(confidential(), second, ['chat:write', 'webhook:write']),
    ).rejects.toMatchObject({ error: 'invalid_scope' });
    expect((await refreshTokens(confidential(), second, ['chat:write'])).scope).toBe('chat:write');
    // Last: replaying a rotated-away token also ends the grant
    // (test/reference/oauth-hostile.test.ts).
    await expect(refreshTokens(confidential(), first)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('AUTH-09: after revoke, the access token gives token_revoked and the session discards both tokens', async () => {
    const tokens = await authorize(confidential());
    const revoked = await fetch(`${reference.server.url}/v1/token.revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(revoked.status).toBe(200);
    const answer = await fetch(`${reference.server.url}/v1/webhook.list`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect([answer.status, await answer.json()]).toEqual([401, { error: 'token_revoked' }]);
    await expect(refreshTokens(confidential(), tokens)).rejects.toMatchObject({
      error: 'token_revoked',
    });
    const session = createTokenSession(confidential(), tokens);
    await expect(
      session.fetch(new Request(`${reference.server.url}/v1/webhook.list`)),
    ).rejects.toBeInstanceOf(TokenRevokedError);
  });

  it('AUTH-10: the metadata document names this server and conforms', async () => {
    const response = await fetch(`${reference.server.url}/.well-known/oauth-authorization-server`);
    const body = (await response.json()) as {
      issuer: string;
      code_challenge_methods_supported: string[];
    };
    expect(body.issuer).toBe(reference.server.url);
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
    expect(
      checkResponse(auth.document, auth.validator, {
        path: '/.well-known/oauth-authorization-server',
        method: 'get',
        status: 200,
        headers: response.headers,
        body,
      }),
    ).toEqual([]);
  });
});
