import type { Check } from '../run/check.js';
import { SUCCESS, expectAnswer } from '../run/expect-answer.js';
import { expectRefusal, grantTokens, oauthClient, runFlow, tokenRequest } from '../oauth/index.js';

/**
 * AUTH-09: revoking a grant ends its access and refresh tokens for good. The access token then
 * gives 401 `token_revoked` (Token grants; Errors); the refresh attempt is refused (a 4xx, no
 * tokens), its status and code being the reading AUTH.oauth-error-codes (RFC 6749's
 * `invalid_grant`, or the specification's `token_revoked`). token.info's and token.revoke's shapes
 * are not shown: any 2xx is their success.
 */
export const auth09Revocation: Check = {
  requirements: ['AUTH-09'],
  basis: 'stated',
  title: 'After token.revoke, the access token gives token_revoked and the refresh token is dead',
  async run(context) {
    if (!context.profile.implements.includes('v1 post /token.revoke'))
      return { skip: 'not_applicable', reason: 'v1 post /token.revoke is not implemented' };
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const { call, version } = context;
    return runFlow(context, async () => {
      const tokens = await grantTokens(context, client);
      const info = () => call({ path: '/v1/token.info', token: tokens.access_token, version });
      expectAnswer(context, 'the access token before revocation', await info(), {
        status: SUCCESS,
      });
      const revoked = await call({
        path: '/v1/token.revoke',
        method: 'POST',
        token: tokens.access_token,
        version,
      });
      if (!expectAnswer(context, 'token.revoke', revoked, { status: SUCCESS })) return;
      expectAnswer(context, 'the access token after revocation', await info(), {
        status: 401,
        error: 'token_revoked',
      });
      if (tokens.refresh_token === undefined) return;
      expectRefusal(
        context,
        'the refresh token after revocation',
        await tokenRequest(context, client, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
        }),
        { status: [400, 401], error: ['invalid_grant', 'token_revoked'] },
      );
    });
  },
};
