import type { Check } from '../run/check.js';
import {
  authorize,
  exchangeCode,
  expectAuthorizeRefused,
  expectRefusal,
  expectTokens,
  obtainCode,
  oauthClient,
  pkcePair,
  runFlow,
} from '../oauth/index.js';

/**
 * AUTH-06: PKCE `S256` is required of public clients and `plain` is rejected (Authentication 6,
 * Errors: "OAuth authorize: `plain` PKCE method rejected"): stated is that no code is issued then,
 * however the refusal is shown (expectAuthorizeRefused). A verifier that does not match is refused
 * at the token endpoint (a 4xx, no tokens; RFC 7636 §4.6's `invalid_grant` is the reading
 * AUTH.oauth-error-codes). PKCE is "optional for confidential clients": a confidential client's code
 * asked for without a challenge is exchanged without a verifier.
 */
export const auth06Pkce: Check = {
  requirements: ['AUTH-06'],
  basis: 'stated',
  title: 'PKCE S256 required for public clients, plain refused',
  async run(context) {
    const client = oauthClient(context, 'public');
    if ('skip' in client) return client;
    const { verifier } = await pkcePair();
    expectAuthorizeRefused(
      context,
      client,
      'code_challenge_method plain',
      await authorize(context, client, {
        code_challenge: verifier,
        code_challenge_method: 'plain',
      }),
      'invalid_request',
    );
    expectAuthorizeRefused(
      context,
      client,
      'a public client without a code_challenge',
      await authorize(context, client),
      'invalid_request',
    );
    return runFlow(context, async () => {
      const code = await obtainCode(context, client, { pkce: true });
      expectRefusal(
        context,
        'a code_verifier that does not match',
        await exchangeCode(context, client, { ...code, verifier: (await pkcePair()).verifier }),
        { error: 'invalid_grant' },
      );
      const confidential = oauthClient(context, 'confidential');
      if ('skip' in confidential) {
        context.note(`a confidential client without PKCE went untested: ${confidential.reason}`);
        return;
      }
      expectTokens(
        context,
        'a confidential client without PKCE',
        await exchangeCode(context, confidential, await obtainCode(context, confidential)),
      );
    });
  },
};
