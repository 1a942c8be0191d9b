// checks/: one conformance check per file, listed in checks/index.ts.
import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';
import { VALID_REQUESTS } from '../run/valid-requests.js';

/** The 401 codes of authentication failures (Errors; Authentication 13). */
const AUTH_CODES = ['not_authed', 'invalid_token', 'token_revoked'];

/**
 * AUTH-01: a call without `Authorization` is an authentication failure: 401 with one of its codes
 * (stated), at every operation the implementation answers ("Every API call sends
 * `Authorization: Bearer`"). That the code is `not_authed` follows from its name only: the
 * specification says which cause `token_revoked` names, not the other two
 * (`AUTH-02.code-by-cause`).
 */
export const auth01MissingCredential: Check = {
  requirements: ['AUTH-01'],
  basis: 'stated',
  title: 'No credential gives 401 not_authed',
  async run(context) {
    for (const { operation, request } of VALID_REQUESTS) {
      if (!context.profile.implements.includes(operation)) continue;
      const v1 = operation.startsWith('v1 ');
      const input = {
        ...request(context, 'auth-01'),
        ...(v1 ? { version: context.version } : {}),
      };
      const name = `${operation} without a credential`;
      const answer = await context.call(input);
      if (!expectAnswer(context, name, answer, { status: 401, error: AUTH_CODES })) continue;
      expectAnswer(context, name, answer, {
        status: 401,
        error: 'not_authed',
        errorReading: 'AUTH-02.code-by-cause',
      });
    }
  },
};
