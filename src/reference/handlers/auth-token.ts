import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '../store.js';
import type { OAuthClient } from '../fixtures.js';
import type { Handler, HandlerAnswer, HandlerContext } from './handler.js';

type Form = Record<string, string | undefined>;
const oauthError = (status: number, error: string, description: string): HandlerAnswer => ({ status, body: { error, error_description: description } });

/** AUTH-04: Basic or body credentials for confidential clients; none for public ones. */
function authenticate(context: HandlerContext, form: Form): OAuthClient | undefined {
  const basic = /^Basic (.+)$/i.exec(String(context.request.headers.authorization ?? ''))?.[1];
  const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent) : [];
  // Without HTTP Basic the form must name the client; with it, the form may repeat the same id.
  const id = basicId ?? form.client_id;
  if (id === undefined) return undefined;
  if (basicId !== undefined && form.client_id !== undefined && form.client_id !== basicId) return undefined;
  const client = context.workspace.oauthClients.find((c) => c.id === id);
  const secret = basicSecret ?? form.client_secret;
  if (!client) return undefined;
  if (!client.secret) return secret === undefined ? client : undefined;
  return secret !== undefined && secret.length === client.secret.length && timingSafeEqual(Buffer.from(secret), Buffer.from(client.secret)) ? client : undefined;
}

function tokenResponse(tokens: { accessToken: string; refreshToken: string }, scope: string): HandlerAnswer {
  return { status: 200, headers: { 'cache-control': 'no-store' }, body: { access_token: tokens.accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: tokens.refreshToken, scope } };
}

/**
 * AUTH-03..09: the token endpoint. Codes are single-use, short-lived, bound to their client and
 * redirect URI, and checked against their PKCE challenge; refresh rotates both tokens, may narrow
 * but never widen the scope, and a revoked grant answers `token_revoked` for good.
 */
export const authToken: Handler = async (context): Promise<HandlerAnswer> => {
  const form = context.request.body as Form;
  const { store, codes, clock } = context;
  const client = authenticate(context, form);
  if (!client) return oauthError(401, 'invalid_client', 'client authentication failed');
  const now = clock.nowSeconds();
  if (form.grant_type === 'authorization_code') {
    const code = codes.take(form.code ?? '', now);
    if (!code || code.clientId !== client.id || code.redirectUri !== form.redirect_uri) return oauthError(400, 'invalid_grant', 'the code is unknown, used, expired, or not for this client and redirect_uri');
    if (code.codeChallenge !== undefined) {
      const computed = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
      if (form.code_verifier === undefined || computed !== code.codeChallenge) return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const grant = await store.createGrant({ clientId: client.id, access: 'organization', scope: code.scope }, now);
    return tokenResponse(grant, code.scope);
  }
  const grant = await store.grantByRefreshToken(form.refresh_token ?? '');
  if (!grant || grant.clientId !== client.id || grant.refreshExpiresAt < now) return oauthError(400, 'invalid_grant', 'the refresh token is unknown, rotated away, expired, or not for this client');
  if (grant.revoked) return oauthError(400, 'token_revoked', 'the grant was revoked: authorize again');
  const scope = form.scope ?? grant.scope;
  if (scope.split(' ').some((s) => !grant.scope.split(' ').includes(s))) return oauthError(400, 'invalid_scope', 'a refresh cannot add scopes');
  return tokenResponse(await store.rotateGrant(grant.id, scope, now), scope);
};
