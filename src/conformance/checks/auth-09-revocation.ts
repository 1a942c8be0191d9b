import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { grantTokens, oauthClient, tokenRequest } from '../oauth-flow.js';

/** AUTH-09: revoking a grant ends its access and refresh tokens for good: 401 `token_revoked`. */
export const auth09Revocation: Check = {
  requirements: ['AUTH-09'],
  basis: 'stated',
  title: 'After token.revoke, the access token gives token_revoked and the refresh token is dead',
  async run(context) {
    if (!context.profile.implements.includes('v1 post /token.revoke'))
      return { skip: 'not_applicable', reason: 'v1 post /token.revoke is not implemented' };
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const tokens = await grantTokens(context, client);
    const { call, version } = context;
    const expect = (name: string, answer: HttpAnswer, status: number, error?: string) =>
      expectAnswer(context, name, answer, { status, error });
    expect(
      'the access token before revocation',
      await call({ path: '/v1/token.info', token: tokens.access_token, version }),
      200,
    );
    expect(
      'token.revoke',
      await call({ path: '/v1/token.revoke', method: 'POST', token: tokens.access_token, version }),
      200,
    );
    expect(
      'the access token after revocation',
      await call({ path: '/v1/token.info', token: tokens.access_token, version }),
      401,
      'token_revoked',
    );
    const refreshed = await tokenRequest(context, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    if (refreshed.status === 200)
      expect('the refresh token after revocation', refreshed, 400, 'token_revoked');
  },
};
