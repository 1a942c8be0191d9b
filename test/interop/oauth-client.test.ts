import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { consentAsBrowser } from '../support/browser-consent.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// The reference server's OAuth server as users reach it: through openid-client, a stock OAuth 2
// client library, over real HTTP. Nothing here is the toolkit's own OAuth code: the library finds
// the endpoints by RFC 8414 discovery (AUTH-10), builds the authorize URL, checks state and PKCE,
// exchanges the code and refreshes; token.info and token.revoke are its protected-resource calls.
const REDIRECT = 'http://localhost:8080/callback';
const reference = useReferenceServer();
/** The part of the token.info operation that holds the example its docs and the mock show. */
interface TokenInfoOperation {
  responses: {
    '200': {
      content: { 'application/json': { examples: { apiKey: { value: Record<string, unknown> } } } };
    };
  };
}

const insecure = { execute: [client.allowInsecureRequests], algorithm: 'oauth2' as const };

const clients = {
  public: () =>
    client.discovery(
      new URL(reference.server.url),
      'client_public',
      undefined,
      client.None(),
      insecure,
    ),
  confidential: () =>
    client.discovery(
      new URL(reference.server.url),
      'client_confidential',
      undefined,
      client.ClientSecretBasic('cs_reference_secret'),
      insecure,
    ),
};

/** The code flow as a web app runs it: authorize URL with state and S256 PKCE, consent, exchange. */
async function codeFlow(config: client.Configuration, scope?: string) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    ...(scope ? { scope } : {}),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const consent = await consentAsBrowser(url);
  expect(consent.status).toBe(302);
  return client.authorizationCodeGrant(config, new URL(consent.headers.get('location')!), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
}

/** A v1 call with the library's bearer handling; the answer's status and JSON body. */
async function call(
  config: client.Configuration,
  token: string,
  path: string,
  method: 'GET' | 'POST' = 'GET',
) {
  const response = await client.fetchProtectedResource(
    config,
    token,
    new URL(`${reference.server.url}${path}`),
    method,
  );
  return [response.status, await response.json()] as const;
}

describe('openid-client against the reference server', () => {
  it('AUTH-10: discovery finds the authorize and token endpoints and S256', async () => {
    const metadata = (await clients.public()).serverMetadata();
    expect(metadata).toMatchObject({
      issuer: reference.server.url,
      authorization_endpoint: `${reference.server.url}/oauth/authorize`,
      token_endpoint: `${reference.server.url}/oauth/token`,
    });
    expect(metadata.supportsPKCE()).toBe(true);
  });

  it('AUTH-04, AUTH-06, AUTH-07: a public client runs the code flow with PKCE and no secret', async () => {
    const tokens = await codeFlow(await clients.public());
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^at_/),
      refresh_token: expect.stringMatching(/^rt_/),
      token_type: 'bearer',
      expires_in: 604800,
      scope: 'chat:write webhook:read webhook:write',
    });
  });

  it('AUTH-06: the library refuses a code redeemed with another verifier', async () => {
    const config = await clients.public();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
    });
    const location = (await consentAsBrowser(url)).headers.get('location')!;
    await expect(
      client.authorizationCodeGrant(config, new URL(location), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('token.info answers the client, the principal and the scopes as a list, as the document example shows', async () => {
    const config = await clients.confidential();
    const tokens = await codeFlow(config, 'chat:write webhook:read');
    const [status, body] = await call(config, tokens.access_token, '/v1/token.info');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      client: 'app_acme',
      scopes: ['chat:write', 'webhook:read'],
    });
    // The example the docs and the mock show has the fields of the same types as this answer.
    const latest = listApiDocuments().find((api) => api.version === loadVersionRegistry().latest)!;
    const operation = readBundledDocument(latest).paths!['/token.info']!.get as TokenInfoOperation;
    const example = operation.responses['200'].content['application/json'].examples.apiKey.value;
    const types = (value: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(value).map(([key, field]) => [
          key,
          Array.isArray(field) ? 'array' : typeof field,
        ]),
      );
    expect(types(example)).toEqual(types(body as Record<string, unknown>));
  });

  it('AUTH-08: refresh rotates the refresh token and may narrow the scopes, never widen them', async () => {
    const config = await clients.confidential();
    const first = await codeFlow(config, 'chat:write webhook:read');
    const second = await client.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await expect(
      client.refreshTokenGrant(config, second.refresh_token!, {
        scope: 'chat:write webhook:write',
      }),
    ).rejects.toMatchObject({ error: 'invalid_scope' });
    const narrowed = await client.refreshTokenGrant(config, second.refresh_token!, {
      scope: 'chat:write',
    });
    expect(narrowed.scope).toBe('chat:write');
    expect((await call(config, narrowed.access_token, '/v1/token.info'))[1]).toMatchObject({
      scopes: ['chat:write'],
    });
  });

  it('AUTH-09: token.revoke ends the access and the refresh token', async () => {
    const config = await clients.confidential();
    const tokens = await codeFlow(config);
    expect(await call(config, tokens.access_token, '/v1/token.revoke', 'POST')).toEqual([
      200,
      { ok: true },
    ]);
    expect(await call(config, tokens.access_token, '/v1/token.info')).toEqual([
      401,
      { error: 'token_revoked' },
    ]);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'token_revoked',
    });
  });
});
