import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { exchangeCode, obtainCode, oauthClient } from '../oauth-flow.js';

/** AUTH-05: an authorization code is exchanged once; a second exchange is `invalid_grant`. */
export const auth05CodeSingleUse: Check = {
  requirements: ['AUTH-05'],
  basis: 'stated',
  title: 'An authorization code works once',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const code = await obtainCode(context, client);
    expectAnswer(context, 'the first exchange', await exchangeCode(context, client, code), {
      status: 200,
    });
    expectAnswer(context, 'the same code again', await exchangeCode(context, client, code), {
      status: 400,
      error: 'invalid_grant',
    });
  },
};
