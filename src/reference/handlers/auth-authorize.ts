import { escapeHtml } from '../../http/escape-html.js';
import type { Handler, HandlerAnswer } from './handler.js';

const refuse = (error: string, description: string): HandlerAnswer => ({ status: 400, body: { error, error_description: description } });

/**
 * AUTH-05, AUTH-06: the browser step. Nothing is redirected anywhere until the client and its exact
 * redirect URI are known. The seeded user is signed in; consent is the `consent=allow` link of the
 * consent page, after which the browser goes to the redirect URI with `code` and `state`.
 */
export const authAuthorize: Handler = async ({ request, workspace, codes, clock }): Promise<HandlerAnswer> => {
  const q = request.query;
  const client = workspace.oauthClients.find((c) => c.id === q.client_id);
  if (!client) return refuse('invalid_client', 'unknown client_id');
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) return refuse('invalid_request', 'redirect_uri is not registered exactly');
  if (q.response_type !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  if (q.code_challenge_method !== undefined && q.code_challenge_method !== 'S256') return refuse('invalid_request', 'only S256 PKCE is supported; plain is rejected');
  if (q.code_challenge !== undefined && q.code_challenge_method !== 'S256') return refuse('invalid_request', 'code_challenge needs code_challenge_method S256');
  if (!client.secret && !q.code_challenge) return refuse('invalid_request', 'public clients must send a PKCE S256 code_challenge');
  const scope = q.scope ?? client.scopes.join(' ');
  if (scope.split(' ').some((s) => !client.scopes.includes(s))) return refuse('invalid_scope', 'the app did not register every scope asked for');
  if (q.consent !== 'allow') {
    const allow = new URLSearchParams({ ...q, consent: 'allow' }).toString();
    const page = `<!DOCTYPE html><title>Authorize ${escapeHtml(client.id)}</title><p>${escapeHtml(client.id)} asks for: ${escapeHtml(scope)}</p><a id="allow" href="?${escapeHtml(allow)}">Allow</a>`;
    return { status: 200, headers: { 'content-type': 'text/html' }, body: page };
  }
  const code = codes.issue({ clientId: client.id, redirectUri: q.redirect_uri, scope, codeChallenge: q.code_challenge }, clock.nowSeconds());
  const location = new URL(q.redirect_uri);
  location.searchParams.set('code', code);
  if (q.state !== undefined) location.searchParams.set('state', q.state);
  return { status: 302, headers: { location: location.toString() } };
};
