import type { Check } from '../run/check.js';
import {
  FlowStopped,
  exchangeCode,
  expectRefusal,
  issuedTokens,
  obtainCode,
  oauthClient,
  runFlow,
} from '../oauth/index.js';

/**
 * An authorization code works once: RFC 6749 §4.1.2, not the specification, so the whole check
 * rests on the reading AUTH-05.single-use-code. The second exchange is refused (a 4xx, no tokens);
 * its code, RFC 6749 §5.2's `invalid_grant`, is the reading AUTH.oauth-error-codes.
 */
export const auth05CodeSingleUse: Check = {
  requirements: ['AUTH-05'],
  basis: 'implied',
  reading: 'AUTH-05.single-use-code',
  title: 'An authorization code works once',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    // Without a code exchanged once there is nothing to exchange twice: the flow itself is
    // judged by AUTH-04, which rests on no reading.
    return runFlow(
      context,
      async () => {
        const code = await obtainCode(context, client);
        const first = await exchangeCode(context, client, code);
        if (!issuedTokens(first))
          throw new FlowStopped(`the first exchange of the code gave no tokens: ${first.status}`);
        expectRefusal(context, 'the same code again', await exchangeCode(context, client, code), {
          error: 'invalid_grant',
        });
      },
      { untestable: true },
    );
  },
};
