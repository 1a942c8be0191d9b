import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  FlowStopped,
  type Tokens,
  expectRefusal,
  expectTokens,
  grantTokens,
  oauthClient,
  runFlow,
  sameScopes,
  scopeSet,
  tokenFieldProblems,
  tokenRequest,
} from '../oauth/index.js';

/** The reading a refresh's exact scopes rest on (docs/REQUIREMENTS.md). */
const REFRESH_SCOPE = 'AUTH-08.refresh-scope';

/** What a refresh is held to: the access token it replaces, the grant's scopes, those asked. */
interface Refreshing {
  previous: string;
  grant: ReadonlySet<string>;
  asked: ReadonlySet<string>;
}

/**
 * AUTH-08: a successful refresh returns a token response (Authentication 8: "a new `access_token`";
 * `refresh_token` may be left out) whose scopes stay within the grant ("keeps the prior grant or a
 * narrowed subset"); that they are exactly the scopes asked for is the reading
 * AUTH-08.refresh-scope. Its body, or undefined after reporting what came.
 */
function expectRefreshed(
  context: CheckContext,
  name: string,
  answer: HttpAnswer<any>,
  { previous, grant, asked }: Refreshing,
): Tokens | undefined {
  const body = expectTokens(context, name, answer);
  if (!body) return undefined;
  const problems = tokenFieldProblems(body, { refreshed: true });
  if (body.access_token === previous) problems.push('the access_token is the one it replaces');
  const scopes = scopeSet(body.scope);
  const beyond = [...(scopes ?? [])].filter((s) => !grant.has(s));
  if (beyond.length) problems.push(`scope adds ${beyond.join(', ')} to the grant`);
  if (problems.length)
    context.report({
      message: `${name}: ${problems.join('; ')}`,
      expected: {
        access_token: 'a new one',
        scope: `within ${[...grant].join(' ')}`,
        expires_in: 604800,
      },
      actual: { scope: body.scope, expires_in: answer.body.expires_in },
      answer,
    });
  else if (scopes && !sameScopes(scopes, asked))
    context.report({
      message: `${name}: scope ${JSON.stringify(body.scope)} is not the scopes asked for (${[...asked].join(' ')})`,
      reading: REFRESH_SCOPE,
      expected: { scope: [...asked].join(' ') },
      actual: { scope: body.scope },
      answer,
    });
  return body;
}

/**
 * AUTH-08: refresh returns a new access token and cannot add scopes ("requesting extra scopes is
 * rejected": any 4xx, no tokens; RFC 6749's `invalid_scope` is the reading AUTH.oauth-error-codes).
 * Rotation is "typical", not required: a refresh answered without a refresh token, or with the same
 * one, leaves that one current, and it must keep working; only where a different one came back must
 * the old one stop working ("the old refresh token is then discarded").
 */
export const auth08Refresh: Check = {
  requirements: ['AUTH-08'],
  basis: 'stated',
  title: 'Refresh gives a new access token, cannot add scopes, and retires a rotated-away token',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    if (client.scopes.length < 2)
      return {
        skip: 'not_testable',
        reason: `client ${client.id} registered fewer than two scopes, so none can be added or dropped`,
      };
    const [kept, other] = client.scopes as [string, string];
    const grant = new Set(client.scopes.filter((s) => s !== other));
    return runFlow(context, async () => {
      const first = await grantTokens(context, client, [...grant].join(' '));
      if (typeof first.refresh_token !== 'string')
        throw new FlowStopped('the code exchange gave no refresh_token to refresh with');
      let [current, previous] = [first.refresh_token, first.access_token];
      const refresh = (token: string, scope?: string) =>
        tokenRequest(context, client, { grant_type: 'refresh_token', refresh_token: token, scope });
      const rotation = () =>
        current === first.refresh_token
          ? 'the refresh token kept (none rotated came back)'
          : 'the rotated refresh token';
      const plain = expectRefreshed(context, 'a refresh', await refresh(current), {
        previous,
        grant,
        asked: grant,
      });
      if (!plain) return;
      [current, previous] = [plain.refresh_token ?? current, plain.access_token];
      expectRefusal(
        context,
        `a refresh that adds ${other}, with ${rotation()}`,
        await refresh(current, `${kept} ${other}`),
        { error: 'invalid_scope' },
      );
      const narrowed = expectRefreshed(
        context,
        `a refresh narrowed to ${kept}, with ${rotation()}`,
        await refresh(current, kept),
        { previous, grant, asked: new Set([kept]) },
      );
      current = narrowed?.refresh_token ?? current;
      if (current === first.refresh_token)
        return context.note(
          'refresh tokens were not rotated (allowed: "typically a rotated refresh_token"), so the retirement of a rotated-away one was not exercised',
        );
      // Last: a server may take the replay of a rotated-away token as theft and end the grant
      // (OAuth 2.0 Security BCP), after which the grant's other tokens no longer refresh.
      expectRefusal(context, 'the refresh token rotated away', await refresh(first.refresh_token), {
        error: 'invalid_grant',
      });
    });
  },
};
