import { randomBytes } from 'node:crypto';
import type { PassedRequest } from '../../../src/http/front.ts';
import { escapeHtml } from '../../../src/http/escape-html.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Exchange, FaultHooks } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';

const CLIENTS = seedWorkspace().oauthClients;

/** An answer hook for one path only. */
const on = (
  path: string,
  change: (answer: WrittenAnswer, exchange: Exchange) => WrittenAnswer,
): FaultHooks => ({
  answer: (answer, exchange) => (exchange.path === path ? change(answer, exchange) : answer),
});

const bodyOf = (answer: WrittenAnswer): Record<string, unknown> =>
  answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {};
const formOf = (request: PassedRequest | undefined): Record<string, string | undefined> =>
  (request?.body ?? {}) as Record<string, string | undefined>;

/**
 * RFC 6749 §4.1.2.1: a refused authorization request of a known client with a registered
 * redirect URI goes back there with `error` and `state`; the others stay refused on the page.
 */
function refusalRedirectedBack(answer: WrittenAnswer, { request }: Exchange): WrittenAnswer {
  const query = request?.query ?? {};
  const client = CLIENTS.find((c) => c.id === query.client_id);
  const uri = query.redirect_uri;
  if (answer.status !== 400 || !client || !uri || !client.redirectUris.includes(uri)) return answer;
  const location = new URL(uri);
  location.searchParams.set('error', String(bodyOf(answer).error ?? 'invalid_request'));
  if (query.state !== undefined) location.searchParams.set('state', query.state);
  return { status: 303, headers: { location: location.toString() }, body: undefined };
}

/**
 * An error page for people, HTML with no form and no machine-readable code: status 400 where the
 * redirect URI is not registered, 200 otherwise.
 */
function refusalAsPage(answer: WrittenAnswer, { request }: Exchange): WrittenAnswer {
  if (answer.status < 400 || answer.status > 499) return answer;
  const query = request?.query ?? {};
  const client = CLIENTS.find((c) => c.id === query.client_id);
  const registered = client?.redirectUris.includes(query.redirect_uri ?? '') === true;
  const description = String(bodyOf(answer).error_description ?? 'The request was refused.');
  return {
    status: registered ? 200 : 400,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html>\n<html><body><h1>This app cannot be authorized</h1><p>${escapeHtml(description)}</p><p>Close this window and try again.</p></body></html>`,
  };
}

/** The cookie the variation's sign-in page sets: the user is signed in from then on. */
const SIGNED_IN = 'signed_in';

/**
 * A consent flow unlike the reference's: an authorize request without a session goes to a sign-in
 * page on the auth host, which sets a session cookie and sends the browser back; the consent page
 * then holds a sign-out form before the consent form, and the consent form a CSRF field, an
 * unchecked box, a select and two buttons named `decision` (the profile declares
 * `{decision: approve}`). The reference's own consent endpoint still decides: the form carries its
 * token and choice as hidden fields.
 */
function signInThenConsent(): FaultHooks {
  const pending = new Map<string, string>();
  return {
    answer: (answer, exchange) => {
      if (exchange.path.startsWith('/oauth/sign-in/')) {
        const back = pending.get(exchange.path.slice('/oauth/sign-in/'.length));
        if (!back) return answer;
        return {
          status: 302,
          headers: { location: back, 'set-cookie': `${SIGNED_IN}=yes; Path=/; HttpOnly` },
          body: undefined,
        };
      }
      const page = typeof answer.body === 'string' ? answer.body : '';
      const token = /name="consent_token" value="([^"]*)"/.exec(page)?.[1];
      if (exchange.path !== '/oauth/authorize' || !token || !exchange.request) return answer;
      if (!String(exchange.request.headers.cookie ?? '').includes(`${SIGNED_IN}=yes`)) {
        const nonce = randomBytes(8).toString('hex');
        pending.set(nonce, `/oauth/authorize?${new URLSearchParams(exchange.request.query)}`);
        return { status: 303, headers: { location: `/oauth/sign-in/${nonce}` }, body: undefined };
      }
      return { ...answer, body: consentPage(token) };
    },
  };
}

function consentPage(token: string): string {
  return `<!DOCTYPE html>
<html><head><title>Sign-in</title></head><body>
<header><form method="post" action="/oauth/sign-out"><input type="hidden" name="next" value="/"/><button type="submit" name="sign_out" value="1">Sign out</button></form></header>
<main><table><tr><td>
<form action="/oauth/consent" method="POST" id="consent">
  <div class="fields">
    <input type="hidden" name="csrf" value="${randomBytes(8).toString('hex')}"/>
    <input type="hidden" name="consent_token" value="${escapeHtml(token)}"/>
    <input type="hidden" name="consent" value="allow"/>
    <label><input type="checkbox" name="remember"/> Remember this app</label>
    <select name="workspace"><option value="acme" selected>Acme</option><option value="other">Other</option></select>
  </div>
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="reject">Reject</button>
</form>
</td></tr></table></main></body></html>`;
}

/**
 * A refresh that does not rotate: it answers with the refresh token it was sent, which keeps
 * working. The reference server rotates, so the hooks keep the token the client holds and send the
 * server's latest in its place.
 */
function refreshWithoutRotation(): FaultHooks {
  const latest = new Map<string, string>();
  const refreshing = (form: Record<string, string | undefined>) =>
    form.grant_type === 'refresh_token' && typeof form.refresh_token === 'string';
  return {
    request: (request) => {
      const form = formOf(request);
      if (request.path !== '/oauth/token' || !refreshing(form)) return request;
      const current = latest.get(form.refresh_token!) ?? form.refresh_token;
      return { ...request, body: { ...form, refresh_token: current } };
    },
    answer: (answer, exchange) => {
      const sent = Object.fromEntries(new URLSearchParams(exchange.sent));
      const issued = bodyOf(answer).refresh_token;
      if (exchange.path !== '/oauth/token' || answer.status !== 200 || !refreshing(sent))
        return answer;
      if (typeof issued === 'string') latest.set(sent.refresh_token!, issued);
      return { ...answer, body: { ...bodyOf(answer), refresh_token: sent.refresh_token } };
    },
  };
}

const reversed = (list: unknown) => (Array.isArray(list) ? [...list].reverse() : list);

/**
 * Choices about OAuth the specification leaves open: how the browser-facing authorize endpoint
 * refuses (its error shape is not shown), what the consent page looks like, the token endpoint's
 * error bodies ("Error body shape of the token endpoint: not shown", Authentication 14), whether a
 * refresh rotates ("typically a rotated refresh_token", Authentication 8), the order of scopes, and
 * the metadata's body ("its body is not shown").
 */
export const OAUTH_VARIATIONS: Variation[] = [
  {
    id: 'authorize-refusal-redirects-back',
    choice:
      'authorize refuses a known client with a registered redirect URI by a 303 back with error and state (RFC 6749 §4.1.2.1); an unregistered redirect URI stays refused on the page',
    requirements: ['AUTH-05', 'AUTH-06'],
    hooks: () => on('/oauth/authorize', refusalRedirectedBack),
  },
  {
    id: 'state-percent-encoded',
    choice:
      "the consent redirect writes the query's state with encodeURIComponent (a space as %20, not +) and lowercase hex: any encoding that decodes to the state sent is the state echoed",
    requirements: ['AUTH-05'],
    hooks: () =>
      on('/oauth/consent', (answer) => {
        const location = answer.headers.location;
        if (typeof location !== 'string' || !URL.canParse(location)) return answer;
        const url = new URL(location);
        const state = url.searchParams.get('state');
        if (state === null) return answer;
        url.searchParams.delete('state');
        const encoded = encodeURIComponent(state).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
        const written = `${url.toString()}${url.search ? '&' : '?'}state=${encoded}`;
        return { ...answer, headers: { ...answer.headers, location: written } };
      }),
  },
  {
    id: 'authorize-refusal-html-page',
    choice:
      'authorize refuses with an HTML error page for people, no error code: status 400 for an unregistered redirect URI, 200 otherwise',
    requirements: ['AUTH-05', 'AUTH-06'],
    hooks: () => on('/oauth/authorize', refusalAsPage),
  },
  {
    id: 'consent-after-sign-in',
    choice:
      'authorize first sends the browser (303) to a sign-in page on the auth host (a session cookie), then shows a consent page of another layout: a sign-out form first, a CSRF field, a box, a select, and a button named decision',
    requirements: ['AUTH-04', 'AUTH-05', 'AUTH-06', 'AUTH-07', 'AUTH-08', 'AUTH-09'],
    hooks: signInThenConsent,
    declare: (profile) => ({ ...profile, consent: { query: { decision: 'approve' } } }),
  },
  {
    id: 'token-errors-described',
    choice:
      'token endpoint refusals carry error_description and error_uri besides error (RFC 6749 §5.2)',
    requirements: ['AUTH-03', 'AUTH-04', 'AUTH-05', 'AUTH-06', 'AUTH-08', 'AUTH-09'],
    hooks: () =>
      on('/oauth/token', (answer) =>
        answer.status >= 400 && answer.status < 500
          ? {
              ...answer,
              body: {
                error_description: 'the request was refused',
                ...bodyOf(answer),
                error_uri: 'https://auth.example.test/errors',
              },
            }
          : answer,
      ),
  },
  {
    id: 'wrong-secret-in-body-400',
    choice:
      'a wrong client secret sent in the body is refused 400 invalid_client (RFC 6749 §5.2: 401 is required only for the Authorization header)',
    requirements: ['AUTH-04'],
    hooks: () =>
      on('/oauth/token', (answer, { request }) =>
        answer.status === 401 && !/^Basic\b/i.test(String(request?.headers.authorization ?? ''))
          ? { ...answer, status: 400 }
          : answer,
      ),
  },
  {
    id: 'refresh-without-rotation',
    choice:
      'a refresh answers with the refresh token it was sent, which keeps working ("typically a rotated refresh_token")',
    requirements: ['AUTH-07', 'AUTH-08', 'AUTH-09'],
    hooks: refreshWithoutRotation,
  },
  {
    id: 'token-scope-reordered',
    choice: 'the token response lists its scopes in another order than asked',
    requirements: ['AUTH-07', 'AUTH-08'],
    hooks: () =>
      on('/oauth/token', (answer) => {
        const scope = bodyOf(answer).scope;
        if (answer.status !== 200 || typeof scope !== 'string') return answer;
        return {
          ...answer,
          body: { ...bodyOf(answer), scope: scope.split(' ').reverse().join(' ') },
        };
      }),
  },
  {
    id: 'metadata-extra-fields',
    choice:
      'the metadata has further RFC 8414 fields and lists its values in another order (its body is not shown)',
    requirements: ['AUTH-10'],
    hooks: () =>
      on('/.well-known/oauth-authorization-server', (answer) => {
        const body = bodyOf(answer);
        return {
          ...answer,
          body: {
            ...body,
            grant_types_supported: reversed(body.grant_types_supported),
            token_endpoint_auth_methods_supported: reversed(
              body.token_endpoint_auth_methods_supported,
            ),
            revocation_endpoint: `${String(body.issuer)}/v1/token.revoke`,
            scopes_supported: ['webhook:read', 'webhook:write', 'chat:write'],
            service_documentation: 'https://docs.example.test/oauth',
          },
        };
      }),
  },
];
