import type { Check } from '../check.js';
import type { Diagnostic } from '../diagnostic.js';
import { expectAnswer } from '../expect-answer.js';
import { authorize, exchangeCode, obtainCode, oauthClient, pkcePair } from '../oauth-flow.js';

/** AUTH-06: PKCE `S256` is required of public clients, `plain` is refused, the verifier must match. */
export const auth06Pkce: Check = {
  id: 'auth-06-pkce',
  requirements: ['AUTH-06'],
  title: 'PKCE S256 required for public clients, plain refused',
  async run(context) {
    const client = oauthClient(context, 'public');
    if ('skip' in client) return client;
    const { verifier } = await pkcePair();
    const expect = (
      name: string,
      answer: Parameters<typeof expectAnswer>[3],
      status: number,
      error?: string,
    ) => expectAnswer(this.id, 'AUTH-06', name, answer, { status, error });
    const diagnostics: Diagnostic[] = [
      ...expect(
        'code_challenge_method plain',
        await authorize(context, client, {
          code_challenge: verifier,
          code_challenge_method: 'plain',
        }),
        400,
        'invalid_request',
      ),
      ...expect(
        'a public client without a code_challenge',
        await authorize(context, client),
        400,
        'invalid_request',
      ),
    ];
    const code = await obtainCode(context, client, { pkce: true });
    diagnostics.push(
      ...expect(
        'a code_verifier that does not match',
        await exchangeCode(context, client, { ...code, verifier: (await pkcePair()).verifier }),
        400,
        'invalid_grant',
      ),
    );
    return diagnostics;
  },
};
