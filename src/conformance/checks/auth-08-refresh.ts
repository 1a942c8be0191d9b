import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { grantTokens, oauthClient, tokenRequest } from '../oauth-flow.js';

/**
 * AUTH-08: refresh returns new tokens, the old refresh token stops working, scopes narrow and never
 * widen.
 */
export const auth08Refresh: Check = {
  requirements: ['AUTH-08'],
  basis: 'stated',
  title: 'Refresh rotates, retires the old refresh token, and cannot add scopes',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    if (client.scopes.length < 2)
      return {
        skip: 'not_testable',
        reason: `client ${client.id} registered fewer than two scopes, so none can be added or dropped`,
      };
    const [kept, other] = client.scopes as [string, string];
    const first = await grantTokens(
      context,
      client,
      client.scopes.filter((s) => s !== other).join(' '),
    );
    const refresh = (refreshToken: string, scope?: string) =>
      tokenRequest(context, client, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        scope,
      });
    const rotated = await refresh(first.refresh_token);
    expectAnswer(context, 'a refresh', rotated, { status: 200 });
    const second = rotated.body ?? {};
    if (
      rotated.status === 200 &&
      (second.access_token === first.access_token || typeof second.access_token !== 'string')
    ) {
      context.report({
        message: 'the refresh did not return a new access token',
        expected: 'a new access_token',
        actual: second.access_token,
      });
    }
    const latest =
      typeof second.refresh_token === 'string' ? second.refresh_token : first.refresh_token;
    expectAnswer(
      context,
      `a refresh that adds ${other}`,
      await refresh(latest, `${kept} ${other}`),
      { status: 400, error: 'invalid_scope' },
    );
    const narrowed = await refresh(latest, kept);
    expectAnswer(context, `a refresh narrowed to ${kept}`, narrowed, { status: 200 });
    if (narrowed.status === 200 && narrowed.body?.scope !== kept)
      context.report({
        message: 'the narrowed refresh reports other scopes',
        expected: kept,
        actual: narrowed.body?.scope,
      });
    // Last: a server may take the replay of a rotated-away token as theft and end the grant
    // (OAuth 2.0 Security BCP), after which the grant's other tokens no longer refresh.
    expectAnswer(
      context,
      'the old refresh token after rotation',
      await refresh(first.refresh_token),
      { status: 400, error: 'invalid_grant' },
    );
  },
};
