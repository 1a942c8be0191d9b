import type { Check } from '../run/check.js';
import {
  exchangeCode,
  expectTokens,
  obtainCode,
  oauthClient,
  runFlow,
  sameScopes,
  scopeSet,
  tokenFieldProblems,
} from '../oauth/index.js';
import type { CheckContext } from '../run/context.js';
import { expectAnswer } from '../run/expect-answer.js';
import { lifetimeSeconds } from '../run/units.js';

/**
 * AUTH-07: the token response's fields (Resources, OAuth token response): a Bearer token for a week
 * (Authentication 7), a refresh token, and `scope`, space-separated, compared as a set of scopes:
 * their order is free, and so are the tokens' formats. "The refresh token is used only at the
 * token endpoint": as the Bearer credential of an API call, it is refused.
 */
export const auth07TokenResponse: Check = {
  requirements: ['AUTH-07'],
  basis: 'stated',
  title: 'The token response has access_token, Bearer, 604800 s, refresh_token and scope',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const asked = client.scopes.slice(0, 2);
    return runFlow(context, async () => {
      const answer = await exchangeCode(
        context,
        client,
        await obtainCode(context, client, { scope: asked.join(' ') }),
      );
      const body = expectTokens(context, 'the code exchange', answer);
      if (!body) return;
      const problems = tokenFieldProblems(body);
      // TYPE-03: say when the lifetime is off by its unit, not only by its value.
      const unit = lifetimeSeconds(answer.body.expires_in);
      if (unit) problems.push(`expires_in: ${unit}`);
      const granted = scopeSet(body.scope);
      if (granted && !sameScopes(granted, new Set(asked)))
        problems.push(`scope ${JSON.stringify(body.scope)} grants other scopes than asked for`);
      if (problems.length)
        context.report({
          message: `the token response: ${problems.join('; ')}`,
          expected: {
            token_type: 'Bearer',
            expires_in: 604800,
            access_token: 'a string',
            refresh_token: 'a string',
            scope: `the scopes ${asked.join(', ')}, space-separated, in any order`,
          },
          actual: {
            token_type: answer.body.token_type,
            expires_in: answer.body.expires_in,
            scope: body.scope,
          },
          answer,
        });
      if (typeof body.refresh_token === 'string')
        await refreshTokenAsBearer(context, body.access_token, body.refresh_token);
    });
  },
};

/**
 * `v1 token.info` (no scope needed) with the refresh token as its Bearer credential: 401, as for
 * any token that is no credential of the API (AUTH-02). The access token of the same grant is sent
 * first: where that is not taken either, the refusal would prove nothing, and the call is not judged.
 */
async function refreshTokenAsBearer(context: CheckContext, access: string, refresh: string) {
  if (!context.profile.implements.includes('v1 get /token.info')) return;
  const call = (token: string) =>
    context.call({ path: '/v1/token.info', token, version: context.version });
  const control = await call(access);
  if (control.status >= 300)
    return context.note(
      `v1 token.info answered the grant's access token ${control.status}, so the refresh token was not tried as a Bearer credential`,
    );
  expectAnswer(
    context,
    'v1 token.info with the refresh token as its Bearer credential',
    await call(refresh),
    {
      status: 401,
    },
  );
}
