import type { Check } from '../check.js';
import type { CheckContext } from '../context.js';
import { expectAnswer } from '../expect-answer.js';
import {
  type OAuthClient,
  authorize,
  oauthClient,
  pkcePair,
  redirectTarget,
} from '../oauth-flow.js';

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
 * RFC 6749 §4.1.2.1: a redirect_uri that is not registered exactly is never redirected to; the
 * refusal is an error page, 400 `invalid_request`.
 */
async function expectRefused(
  context: CheckContext,
  client: OAuthClient,
  pkce: Record<string, string>,
  [name, uri]: [string, string],
): Promise<void> {
  const answer = await authorize(context, client, { ...pkce, redirect_uri: uri });
  const target = redirectTarget(answer, context.profile.authUrl);
  if (target)
    return context.report({
      message: `${name}: redirected to ${target.toString()} instead of refusing`,
      expected: { status: 400, error: 'invalid_request', location: 'none' },
      actual: { status: answer.status, location: target.toString() },
    });
  expectAnswer(context, name, answer, { status: 400, error: 'invalid_request' });
}

/**
 * AUTH-05: the consent redirect goes to the registered URI exactly (scheme, host, port, path, and
 * its own query kept), with `code` and the request's `state` added.
 */
function judgeRedirect(
  context: CheckContext,
  registered: string,
  state: string,
  target: URL | undefined,
): void {
  if (!target)
    return context.report({
      message: 'consent was not answered by a redirect to the client',
      expected: { location: registered },
      actual: 'no redirect',
    });
  const wanted = new URL(registered);
  const differs = PARTS.filter((part) => target[part] !== wanted[part]);
  const lost = [...wanted.searchParams].filter(([n, v]) => target.searchParams.get(n) !== v);
  if (differs.length > 0 || lost.length > 0)
    context.report({
      message: `the consent redirect goes elsewhere than the registered redirect_uri (${[...differs, ...lost.map(([n]) => `query ${n}`)].join(', ')})`,
      expected: registered,
      actual: target.toString(),
    });
  if (target.searchParams.get('state') !== state || !target.searchParams.get('code'))
    context.report({
      message: 'the consent redirect does not carry the code and the same state',
      expected: { state, code: 'present' },
      actual: Object.fromEntries(target.searchParams),
    });
}

/**
 * AUTH-05: `response_type=code`, an exactly registered `redirect_uri`, and `state` echoed on the
 * redirect.
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
    for (const altered of alteredUris(registered, client))
      await expectRefused(context, client, pkce, altered);
    const token = await authorize(context, client, { ...pkce, response_type: 'token' });
    expectAnswer(context, 'response_type token', token, {
      status: 400,
      error: 'unsupported_response_type',
    });
    const state = 'conformance-state-42';
    const granted = await authorize(context, client, { ...pkce, state });
    judgeRedirect(context, registered, state, redirectTarget(granted, context.profile.authUrl));
  },
};
