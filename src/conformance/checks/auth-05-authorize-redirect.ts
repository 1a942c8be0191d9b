import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { authorize, oauthClient, pkcePair, redirectParams } from '../oauth-flow.js';

/**
 * AUTH-05: `response_type=code`, an exactly registered `redirect_uri`, and `state` echoed on the
 * redirect.
 */
export const auth05AuthorizeRedirect: Check = {
  requirements: ['AUTH-05'],
  title: 'Authorize matches redirect_uri exactly and echoes state',
  async run(context) {
    const client = oauthClient(context, 'public');
    if ('skip' in client) return client;
    const { challenge } = await pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const registered = client.redirectUris[0]!;
    const refusals: Array<[string, Record<string, string>, string]> = [
      [
        'a redirect_uri with a trailing slash added',
        { redirect_uri: `${registered}/` },
        'invalid_request',
      ],
      [
        'a redirect_uri with a query added',
        { redirect_uri: `${registered}${registered.includes('?') ? '&' : '?'}extra=1` },
        'invalid_request',
      ],
      ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ];
    for (const [name, params, error] of refusals) {
      const answer = await authorize(context, client, { ...pkce, ...params });
      // A refused redirect_uri must not be redirected to (RFC 6749 §4.1.2.1): an error page, 400.
      expectAnswer(context, name, answer, { status: 400, error });
    }
    const state = 'conformance-state-42';
    const granted = redirectParams(await authorize(context, client, { ...pkce, state }));
    if (granted?.get('state') !== state || !granted.get('code')) {
      context.report({
        message: 'the consent redirect does not carry the code and the same state',
        expected: { state, code: 'present' },
        actual: granted ? Object.fromEntries(granted) : 'no redirect',
      });
    }
  },
};
