import type { Check } from '../check.js';
import type { Diagnostic } from '../diagnostic.js';
import { expectAnswer, finding } from '../expect-answer.js';
import { grantTokens, oauthClient, tokenRequest } from '../oauth-flow.js';

/** AUTH-08: refresh returns new tokens, the old refresh token stops working, scopes narrow and never widen. */
export const auth08Refresh: Check = {
  id: 'auth-08-refresh',
  requirements: ['AUTH-08'],
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
    const diagnostics: Diagnostic[] = [];
    const rotated = await refresh(first.refresh_token);
    diagnostics.push(...expectAnswer(this.id, 'AUTH-08', 'a refresh', rotated, { status: 200 }));
    const second = rotated.body ?? {};
    if (
      rotated.status === 200 &&
      (second.access_token === first.access_token || typeof second.access_token !== 'string')
    ) {
      diagnostics.push(
        finding(
          this.id,
          'AUTH-08',
          'the refresh did not return a new access token',
          'a new access_token',
          second.access_token,
        ),
      );
    }
    const latest =
      typeof second.refresh_token === 'string' ? second.refresh_token : first.refresh_token;
    diagnostics.push(
      ...expectAnswer(
        this.id,
        'AUTH-08',
        `a refresh that adds ${other}`,
        await refresh(latest, `${kept} ${other}`),
        { status: 400, error: 'invalid_scope' },
      ),
    );
    const narrowed = await refresh(latest, kept);
    diagnostics.push(
      ...expectAnswer(this.id, 'AUTH-08', `a refresh narrowed to ${kept}`, narrowed, {
        status: 200,
      }),
    );
    if (narrowed.status === 200 && narrowed.body?.scope !== kept)
      diagnostics.push(
        finding(
          this.id,
          'AUTH-08',
          'the narrowed refresh reports other scopes',
          kept,
          narrowed.body?.scope,
        ),
      );
    // Last: a server may take the replay of a rotated-away token as theft and end the grant
    // (OAuth 2.0 Security BCP), after which the grant's other tokens no longer refresh.
    diagnostics.push(
      ...expectAnswer(
        this.id,
        'AUTH-08',
        'the old refresh token after rotation',
        await refresh(first.refresh_token),
        { status: 400, error: 'invalid_grant' },
      ),
    );
    return diagnostics;
  },
};
