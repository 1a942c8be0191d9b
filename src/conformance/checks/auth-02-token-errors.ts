import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** AUTH-02: an unknown token gives 401 `invalid_token`, a revoked one 401 `token_revoked`. */
export const auth02TokenErrors: Check = tableCheck({
  requirements: ['AUTH-02'],
  basis: 'stated',
  title: 'Unknown tokens give invalid_token, revoked ones token_revoked',
  cases: ({ profile, version }) => {
    const revoked = profile.credentials.find((c) => c.revoked)?.token;
    const list = (token: string) => ({ path: '/v1/webhook.list', token, version });
    return [
      {
        name: 'an unknown token',
        call: list('conformance-unknown-token'),
        expect: { status: 401, error: 'invalid_token' },
      },
      ...(revoked
        ? [
            {
              name: 'a revoked credential',
              call: list(revoked),
              expect: { status: 401, error: 'token_revoked' },
            },
          ]
        : []),
    ];
  },
});
