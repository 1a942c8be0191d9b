import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  type AuthorizeOutcome,
  type OAuthClient,
  authorize,
  describeOutcome,
  expectAuthorizeRefused,
  oauthClient,
  pkcePair,
} from '../oauth/index.js';
import { redactText } from '../../redact.js';

/** The parts of a URL that AUTH-05 compares exactly; the query is compared on its own. */
const PARTS = ['protocol', 'hostname', 'port', 'pathname'] as const;

/**
 * Redirect URIs that differ from `registered` in one part each (AUTH-05: scheme, host, path and
 * query match exactly, no wildcards), leaving out any the client did register.
 */
function alteredUris(registered: string, client: OAuthClient): Array<[string, string]> {
  const url = new URL(registered);
  const altered = (change: (u: URL) => void) => {
    const copy = new URL(url);
    change(copy);
    return copy.toString();
  };
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const cases: Array<[string, string]> = [
    ['a redirect_uri with a trailing slash added', `${registered}/`],
    [
      'a redirect_uri with a query added',
      `${registered}${registered.includes('?') ? '&' : '?'}extra=1`,
    ],
    ['a redirect_uri with another path', altered((u) => (u.pathname = '/conformance-elsewhere'))],
    [
      'a redirect_uri with another host',
      altered((u) => (u.hostname = `conformance-elsewhere.${u.hostname || 'example'}`)),
    ],
    [
      'a redirect_uri with a path segment added',
      altered((u) => (u.pathname = `${u.pathname.replace(/\/$/, '')}/extra`)),
    ],
    ...(web
      ? ([
          ['a redirect_uri with another port', altered((u) => (u.port = String(port + 1)))],
          [
            'a redirect_uri with another scheme',
            altered((u) => (u.protocol = u.protocol === 'https:' ? 'http:' : 'https:')),
          ],
        ] as Array<[string, string]>)
      : []),
  ];
  return cases.filter(([, uri]) => uri !== registered && !client.redirectUris.includes(uri));
}

/**
 * AUTH-05: the consent redirect goes to the registered URI exactly (scheme, host, port, path, and
 * its own query kept), with `code` and the request's `state` added.
 */
function judgeRedirect(context: CheckContext, registered: string, outcome: AuthorizeOutcome): void {
  const { target, answer, state } = outcome;
  if (!target)
    return context.report({
      message: `consent was not answered by a redirect to the client: ${describeOutcome(outcome)}`,
      expected: { location: registered },
      actual: { status: answer.status },
      answer,
    });
  const wanted = new URL(registered);
  const differs = PARTS.filter((part) => target[part] !== wanted[part]);
  const lost = [...wanted.searchParams].filter(([n, v]) => target.searchParams.get(n) !== v);
  const location = redactText(target.toString());
  if (differs.length > 0 || lost.length > 0)
    context.report({
      message: `the consent redirect goes elsewhere than the registered redirect_uri (${[...differs, ...lost.map(([n]) => `query ${n}`)].join(', ')} differ): ${describeOutcome(outcome)}`,
      expected: registered,
      actual: location,
      answer,
    });
  const missing = [
    ...(target.searchParams.get('code') ? [] : ['code']),
    ...(target.searchParams.get('state') === state ? [] : [`state ${state}`]),
  ];
  if (missing.length)
    context.report({
      message: `the consent redirect lacks ${missing.join(' and ')}: ${describeOutcome(outcome)}`,
      expected: { state, code: 'present' },
      actual: location,
      answer,
    });
}

/**
 * The state the granted authorize sends: a space, `=`, `&`, `/`, `+` and `%` survive the way back
 * only URL-encoded, so an echo written into the redirect as it came is seen (RFC 6749 §4.1.2).
 */
const STATE = 'conformance state=42&x/y+z%';

/**
 * AUTH-05: `response_type=code`, an exactly registered `redirect_uri`, and `state` echoed on the
 * redirect. Stated of the refusals is only that the browser is never sent to an unregistered
 * redirect URI and that no code is issued; any error page or status is fine (expectAuthorizeRefused).
 */
export const auth05AuthorizeRedirect: Check = {
  requirements: ['AUTH-05'],
  basis: 'stated',
  title: 'Authorize matches redirect_uri exactly, redirects only there, and echoes state',
  async run(context) {
    const client = oauthClient(context, 'public');
    if ('skip' in client) return client;
    const { challenge } = await pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const registered = client.redirectUris[0]!;
    if (!URL.canParse(registered))
      return context.report({ message: `the profile's redirect URI ${registered} is no URL` });
    for (const [name, uri] of alteredUris(registered, client))
      expectAuthorizeRefused(
        context,
        client,
        name,
        await authorize(context, client, { ...pkce, redirect_uri: uri }),
        'invalid_request',
      );
    // `client_id` is required: without it no client is known, so nothing may be issued.
    expectAuthorizeRefused(
      context,
      client,
      'no client_id',
      await authorize(context, client, { ...pkce, client_id: undefined }),
      ['invalid_request', 'invalid_client', 'unauthorized_client'],
    );
    expectAuthorizeRefused(
      context,
      client,
      'response_type token',
      await authorize(context, client, { ...pkce, response_type: 'token' }),
      'unsupported_response_type',
    );
    const granted = await authorize(context, client, { ...pkce, state: STATE });
    judgeRedirect(context, registered, granted);
  },
};
