import type { Check } from '../check.js';
import { differingKeys } from '../expect-answer.js';
import { exchangeCode, obtainCode, oauthClient } from '../oauth-flow.js';
import { lifetimeSeconds } from '../units.js';

/**
 * AUTH-07: the token response's fields: a Bearer token for a week, a refresh token, space-separated
 * scopes.
 */
export const auth07TokenResponse: Check = {
  requirements: ['AUTH-07'],
  basis: 'stated',
  title: 'The token response has access_token, Bearer, 604800 s, refresh_token and scope',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const scope = client.scopes.slice(0, 2).join(' ');
    const answer = await exchangeCode(
      context,
      client,
      await obtainCode(context, client, { scope }),
    );
    const body = answer.body ?? {};
    const seen = {
      status: answer.status,
      access_token: typeof body.access_token,
      token_type: body.token_type,
      expires_in: body.expires_in,
      refresh_token: typeof body.refresh_token,
      scope: body.scope,
    };
    const wanted = {
      status: 200,
      access_token: 'string',
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: 'string',
      scope,
    };
    const differs = differingKeys(wanted, seen);
    // TYPE-03: say when the lifetime is off by its unit, not only by its value.
    const unit = lifetimeSeconds(body.expires_in);
    if (differs.length)
      context.report({
        message: `the token response differs in ${differs.join(', ')}${unit ? ` (expires_in: ${unit})` : ''}`,
        expected: wanted,
        actual: seen,
      });
  },
};
