import type { Check } from '../check.js';
import { oauthClient } from '../oauth-flow.js';
import { tableCheck } from '../table-check.js';

/**
 * AUTH-03: the token endpoint takes only form bodies and only the code and refresh grants. SPEC.md
 * names no error code for a refused grant, so only the status is compared; the shape check holds
 * the body to the OAuth document.
 */
export const auth03TokenGrants: Check = tableCheck({
  requirements: ['AUTH-03'],
  basis: 'stated',
  title: 'client_credentials and JSON bodies are refused at the token endpoint',
  cases: (context) => {
    const client = oauthClient(context, 'confidential');
    if ('skip' in client) return client;
    const credentials = { client_id: client.id, client_secret: client.secret! };
    return [
      {
        name: 'grant_type client_credentials',
        call: {
          path: '/oauth/token',
          method: 'POST',
          form: { grant_type: 'client_credentials', ...credentials },
        },
        expect: { status: 400 },
      },
      {
        name: 'grant_type password',
        call: {
          path: '/oauth/token',
          method: 'POST',
          form: { grant_type: 'password', username: 'a', password: 'b', ...credentials },
        },
        expect: { status: 400 },
      },
      {
        name: 'a JSON body',
        call: {
          path: '/oauth/token',
          method: 'POST',
          json: { grant_type: 'refresh_token', refresh_token: 'x', ...credentials },
        },
        expect: { status: 400 },
      },
    ];
  },
});
