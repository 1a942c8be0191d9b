import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpAnswer } from '../../http-answer.js';
import { ACCESS_TOKEN_SECONDS } from '../store.js';
import type { OAuthClient } from '../fixtures.js';
import type { Handler, HandlerContext } from './handler.js';

type Form = Record<string, string | undefined>;
const oauthError = (status: number, error: string, description: string): HttpAnswer => ({
  status,
  body: { error, error_description: description },
});

/** RFC 7636 §4.1: `code_verifier = 43*128unreserved`, unreserved being `[A-Za-z0-9-._~]`. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** RFC 4648 §4 base64 as RFC 7617 §2 uses it: whole quads, padding only at the end. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Common OAuth client libraries send `client_secret=` for public clients: an empty value is no
 * value.
 */
const given = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/** One form-urlencoded value (RFC 6749 Appendix B); undefined when a `%` escape is bad. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * RFC 6749 §2.3.1: HTTP Basic carries the form-urlencoded client id and secret, split at the first
 * colon (RFC 7617 §2: the id cannot hold one, the secret can). Undefined when any part is
 * unreadable.
 */
function basicCredentials(header: string): { id: string; secret?: string } | undefined {
  const encoded = /^Basic +(\S+) *$/i.exec(header)?.[1];
  if (!encoded || !BASE64.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined) return undefined;
  return { id, secret: given(secret) };
}

/**
 * The client id and secret as presented, by HTTP Basic or in the form; undefined when they cannot
 * be read.
 */
function presented(
  context: HandlerContext,
  form: Form,
): { id: string; secret?: string } | undefined {
  const header = String(context.request.headers.authorization ?? '');
  if (!/^Basic\b/i.test(header)) {
    const id = given(form.client_id);
    return id === undefined ? undefined : { id, secret: given(form.client_secret) };
  }
  const basic = basicCredentials(header);
  // RFC 6749 §2.3: one authentication method per request; the form may repeat the id, never
  // another.
  if (!basic || given(form.client_secret) !== undefined) return undefined;
  if (form.client_id !== undefined && form.client_id !== basic.id) return undefined;
  return basic;
}

/**
 * Constant time whatever was sent: SHA-256 digests have equal lengths even when the secrets' bytes
 * do not.
 */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/** AUTH-04: Basic or body credentials for confidential clients; none for public ones. */
function authenticate(context: HandlerContext, form: Form): OAuthClient | undefined {
  const credentials = presented(context, form);
  if (!credentials) return undefined;
  const client = context.workspace.oauthClients.find((c) => c.id === credentials.id);
  if (!client) return undefined;
  if (!client.secret) return credentials.secret === undefined ? client : undefined;
  return credentials.secret !== undefined && sameSecret(credentials.secret, client.secret)
    ? client
    : undefined;
}

function tokenResponse(
  tokens: { accessToken: string; refreshToken: string },
  scope: string,
): HttpAnswer {
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: {
      access_token: tokens.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: tokens.refreshToken,
      scope,
    },
  };
}

/**
 * AUTH-06 (RFC 7636 §4.6): the verifier must be well formed and hash to the code's challenge; a
 * malformed one is a verifier that does not verify, so both are `invalid_grant`. A verifier for a
 * code issued without a challenge is refused too (PKCE downgrade, OAuth 2.0 Security BCP §2.1.1).
 */
function pkceProblem(
  challenge: string | undefined,
  verifier: string | undefined,
): HttpAnswer | undefined {
  if (challenge === undefined && verifier === undefined) return undefined;
  if (challenge === undefined)
    return oauthError(
      400,
      'invalid_grant',
      'code_verifier sent for a code issued without a code_challenge',
    );
  if (verifier === undefined || !CODE_VERIFIER.test(verifier))
    return oauthError(
      400,
      'invalid_grant',
      'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
    );
  const computed = createHash('sha256').update(verifier).digest('base64url');
  return computed === challenge
    ? undefined
    : oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
}

/**
 * AUTH-05, AUTH-06: a code is single-use, short-lived, bound to its client and redirect URI, and to
 * its PKCE challenge.
 */
async function exchangeCode(
  { store, codes }: HandlerContext,
  client: OAuthClient,
  form: Form,
  now: number,
): Promise<HttpAnswer> {
  const code = codes.take(form.code ?? '', now);
  if (!code || code.clientId !== client.id || code.redirectUri !== form.redirect_uri)
    return oauthError(
      400,
      'invalid_grant',
      'the code is unknown, used, expired, or not for this client and redirect_uri',
    );
  const problem = pkceProblem(code.codeChallenge, form.code_verifier);
  if (problem) return problem;
  const grant = await store.createGrant(
    { clientId: client.id, access: 'organization', scope: code.scope },
    now,
  );
  return tokenResponse(grant, code.scope);
}

/**
 * A rotated-away refresh token presented again means one of its two holders is not the client:
 * the whole grant is revoked (OAuth 2.0 Security BCP §4.14.2), after which its tokens answer
 * `token_revoked` (AUTH-09).
 */
async function refusedReplay(
  { store }: HandlerContext,
  client: OAuthClient,
  refreshToken: string,
  now: number,
): Promise<HttpAnswer> {
  const replayed = await store.grantByRetiredRefreshToken(refreshToken, now);
  if (replayed && replayed.clientId === client.id) await store.revokeGrant(replayed.id);
  return oauthError(
    400,
    'invalid_grant',
    'the refresh token is unknown, rotated away, expired, or not for this client',
  );
}

/**
 * AUTH-08, AUTH-09: refresh rotates both tokens, may narrow but never widen the scope; a revoked
 * grant is terminal.
 */
async function refresh(
  context: HandlerContext,
  client: OAuthClient,
  form: Form,
  now: number,
): Promise<HttpAnswer> {
  const refreshToken = form.refresh_token ?? '';
  const grant = await context.store.grantByRefreshToken(refreshToken);
  if (!grant || grant.clientId !== client.id || grant.refreshExpiresAt < now)
    return refusedReplay(context, client, refreshToken, now);
  if (grant.revoked)
    return oauthError(400, 'token_revoked', 'the grant was revoked: authorize again');
  const granted = grant.scope.split(' ');
  const scope =
    form.scope === undefined ? grant.scope : [...new Set(form.scope.split(' '))].join(' ');
  if (scope.split(' ').some((s) => !granted.includes(s)))
    return oauthError(400, 'invalid_scope', 'a refresh cannot add scopes');
  const tokens = await context.store.rotateGrant(grant.id, refreshToken, scope, now);
  // Another refresh rotated the same token first: this one is the replay.
  return tokens ? tokenResponse(tokens, scope) : refusedReplay(context, client, refreshToken, now);
}

/** AUTH-03..09: the token endpoint, after client authentication (AUTH-04). */
export const authToken: Handler = async (context): Promise<HttpAnswer> => {
  const form = context.request.body as Form;
  const client = authenticate(context, form);
  if (!client) return oauthError(401, 'invalid_client', 'client authentication failed');
  const now = context.clock.nowSeconds();
  if (form.grant_type === 'authorization_code') return exchangeCode(context, client, form, now);
  return refresh(context, client, form, now);
};
