import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { authorize, exchangeCode, obtainCode, oauthClient, pkcePair } from '../oauth-flow.js';

/**
 * AUTH-06: PKCE `S256` is required of public clients, `plain` is refused, the verifier must match.
 */
export const auth06Pkce: Check = {
  requirements: ['AUTH-06'],
  basis: 'stated',
  title: 'PKCE S256 required for public clients, plain refused',
  async run(context) {
    const client = oauthClient(context, 'public');
    if ('skip' in client) return client;
    const { verifier } = await pkcePair();
    const expect = (name: string, answer: HttpAnswer, status: number, error?: string) =>
      expectAnswer(context, name, answer, { status, error });
    expect(
      'code_challenge_method plain',
      await authorize(context, client, {
        code_challenge: verifier,
        code_challenge_method: 'plain',
      }),
      400,
      'invalid_request',
    );
    expect(
      'a public client without a code_challenge',
      await authorize(context, client),
      400,
      'invalid_request',
    );
    const code = await obtainCode(context, client, { pkce: true });
    expect(
      'a code_verifier that does not match',
      await exchangeCode(context, client, { ...code, verifier: (await pkcePair()).verifier }),
      400,
      'invalid_grant',
    );
  },
};
