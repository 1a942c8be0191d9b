import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { exchangeCode, obtainCode, oauthClient, tokenRequest } from '../oauth-flow.js';

/**
 * AUTH-04: confidential clients authenticate by Basic or form body; public ones send no secret but
 * a verifier.
 */
export const auth04ClientAuthentication: Check = {
  requirements: ['AUTH-04'],
  basis: 'stated',
  title: 'Client secret by Basic or form body; public clients prove themselves with code_verifier',
  async run(context) {
    const confidential = oauthClient(context, 'confidential');
    const open = oauthClient(context, 'public');
    if ('skip' in confidential) return confidential;
    if ('skip' in open) return open;
    const expect = (name: string, answer: HttpAnswer, status: number, error?: string) =>
      expectAnswer(context, name, answer, { status, error });
    expect(
      'a confidential client with HTTP Basic',
      await exchangeCode(context, confidential, await obtainCode(context, confidential), 'basic'),
      200,
    );
    expect(
      'a confidential client with its secret in the body',
      await exchangeCode(context, confidential, await obtainCode(context, confidential), 'body'),
      200,
    );
    expect(
      'a confidential client with a wrong secret',
      await exchangeCode(
        context,
        { ...confidential, secret: 'not-the-secret' },
        await obtainCode(context, confidential),
      ),
      401,
      'invalid_client',
    );
    const code = await obtainCode(context, open);
    const withoutVerifier = await tokenRequest(context, open, {
      grant_type: 'authorization_code',
      code: code.code,
      redirect_uri: open.redirectUris[0],
    });
    if (withoutVerifier.status === 200)
      expect('a public client without code_verifier', withoutVerifier, 400, 'invalid_grant');
    expect(
      'a public client with its code_verifier',
      await exchangeCode(context, open, await obtainCode(context, open)),
      200,
    );
  },
};
