import { randomBytes } from 'node:crypto';
import type { HttpAnswer } from '../../http-answer.js';
import { escapeHtml } from '../../http/escape-html.js';
import type { PendingConsent } from '../authorization-codes.js';
import type { OAuthClient } from '../fixtures.js';
import type { Handler } from './handler.js';

const refuse = (error: string, description: string): HttpAnswer => ({
  status: 400,
  body: { error, error_description: description },
});

/** Where the consent form is posted: the reference server's own route, not part of the contract. */
export const CONSENT_PATH = '/oauth/consent';
/** The cookie that ties a consent form to the browser it was shown in. */
const CONSENT_COOKIE = 'consent_browser';
/** The cookie's value as this server makes it: 24 random bytes, base64url. */
const BROWSER_ID = /^[A-Za-z0-9_-]{32}$/;
/** RFC 7636 §4.2: an `S256` challenge is the base64url SHA-256 of the verifier, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** AUTH-05, AUTH-06: the request, checked before anything is shown or redirected anywhere. */
function checkRequest(
  q: Record<string, string>,
  client: OAuthClient | undefined,
): { refused: HttpAnswer } | { pending: PendingConsent } {
  if (!client) return { refused: refuse('invalid_client', 'unknown client_id') };
  const refusal = refusalOf(q, client);
  if (refusal) return { refused: refusal };
  const scope = [...new Set((q.scope ?? client.scopes.join(' ')).split(' '))].join(' ');
  if (scope.split(' ').some((s) => !client.scopes.includes(s)))
    return { refused: refuse('invalid_scope', 'the app did not register every scope asked for') };
  return {
    pending: {
      clientId: client.id,
      redirectUri: q.redirect_uri!,
      scope,
      state: q.state,
      codeChallenge: q.code_challenge,
    },
  };
}

function refusalOf(q: Record<string, string>, client: OAuthClient): HttpAnswer | undefined {
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri))
    return refuse('invalid_request', 'redirect_uri is not registered exactly');
  if (q.response_type !== 'code')
    return refuse('unsupported_response_type', 'response_type must be code');
  if (q.code_challenge_method !== undefined && q.code_challenge_method !== 'S256')
    return refuse('invalid_request', 'only S256 PKCE is supported; plain is rejected');
  if (q.code_challenge !== undefined && q.code_challenge_method !== 'S256')
    return refuse('invalid_request', 'code_challenge needs code_challenge_method S256');
  if (q.code_challenge !== undefined && !S256_CHALLENGE.test(q.code_challenge))
    return refuse('invalid_request', 'an S256 code_challenge is 43 base64url characters');
  if (!client.secret && !q.code_challenge)
    return refuse('invalid_request', 'public clients must send a PKCE S256 code_challenge');
  return undefined;
}

/**
 * The browser's consent cookie from a `Cookie` header (RFC 6265 §5.4: `name=value` pairs joined by
 * `; `), when it is one this server could have set.
 */
export function browserOf(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 1 || pair.slice(0, separator).trim() !== CONSENT_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return BROWSER_ID.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * A CSP source for the redirect URI: the form's answer redirects there, which `form-action` governs
 * too.
 */
function redirectSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

/**
 * The page cannot be framed (clickjacking), sniffed into another type, or run scripts, and its form
 * may go only here and, by the redirect that answers it, to the client's redirect URI.
 */
function pageHeaders(redirectUri: string, browser: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${redirectSource(redirectUri)}`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    // Strict: a form posted from another site arrives without it, and is refused.
    'set-cookie': `${CONSENT_COOKIE}=${browser}; Path=/oauth; Max-Age=600; HttpOnly; SameSite=Strict`,
  };
}

function consentPage(client: OAuthClient, scope: string, token: string): string {
  const name = escapeHtml(client.id);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><title>Authorize ${name}</title></head>
<body><p>${name} asks for: ${escapeHtml(scope)}</p>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="consent_token" value="${escapeHtml(token)}"/>
<button type="submit" name="consent" value="allow">Allow</button>
<button type="submit" name="consent" value="deny">Deny</button>
</form></body></html>`;
}

/**
 * AUTH-05, AUTH-06: the browser step. Nothing is redirected anywhere until the client and its exact
 * redirect URI are known. The seeded user is signed in and sees the consent page; consent is only
 * its form, posted back with a single-use token (handlers/auth-consent.ts), never a link or a query
 * parameter, so a page elsewhere cannot consent for the user.
 */
export const authAuthorize: Handler = async ({
  request,
  workspace,
  codes,
  clock,
}): Promise<HttpAnswer> => {
  const client = workspace.oauthClients.find((c) => c.id === request.query.client_id);
  const checked = checkRequest(request.query, client);
  if ('refused' in checked) return checked.refused;
  const { pending } = checked;
  // One cookie per browser, so consent pages open in two tabs both stay good.
  const browser = browserOf(request.headers.cookie) ?? randomBytes(24).toString('base64url');
  const token = codes.awaitConsent(pending, browser, clock.nowSeconds());
  return {
    status: 200,
    headers: pageHeaders(pending.redirectUri, browser),
    body: consentPage(client!, pending.scope, token),
  };
};
