import type { Check } from '../run/check.js';
import type { CallInput } from '../run/context.js';
import { type RfcRefusal, expectRefusal, oauthClient } from '../oauth/index.js';

/**
 * AUTH-03: the token endpoint takes form bodies and only the code and refresh grants
 * (Authentication 4: "The `client_credentials` grant is not supported"). Stated is that these are
 * refused (a 4xx, no tokens); the token endpoint's error body is not shown (Authentication 14), so
 * RFC 6749 §5.2's codes are the reading AUTH.oauth-error-codes.
 */
export const auth03TokenGrants: Check = {
  requirements: ['AUTH-03'],
  basis: 'stated',
  title: 'client_credentials, other grants and JSON bodies are refused at the token endpoint',
  async run(context) {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const credentials = { client_id: client.id, client_secret: client.secret! };
    const token = (input: Omit<CallInput, 'path' | 'method'>): CallInput => ({
      path: '/oauth/token',
      method: 'POST',
      ...input,
    });
    // RFC 6749 §5.2 names `unsupported_grant_type`; a server whose form rules refuse the value
    // before the grant is looked at says `invalid_request`, which the reading takes too.
    const unsupported: RfcRefusal = { error: ['unsupported_grant_type', 'invalid_request'] };
    const cases: Array<[string, CallInput, RfcRefusal]> = [
      [
        'grant_type client_credentials',
        token({ form: { grant_type: 'client_credentials', ...credentials } }),
        unsupported,
      ],
      [
        'grant_type password',
        token({ form: { grant_type: 'password', username: 'a', password: 'b', ...credentials } }),
        unsupported,
      ],
      // Not form-encoded: no grant is read. Its refresh token is unknown too, so a server that
      // also reads JSON refuses it as well (`invalid_grant`).
      [
        'a JSON body',
        token({ json: { grant_type: 'refresh_token', refresh_token: 'x', ...credentials } }),
        { error: ['invalid_request', 'invalid_grant'] },
      ],
    ];
    for (const [name, call, rfc] of cases)
      expectRefusal(context, name, await context.call(call), rfc);
  },
};
