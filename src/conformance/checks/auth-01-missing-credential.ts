// checks/: one conformance check per file, listed in checks/index.ts.
import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';

/** The 401 codes of authentication failures (Errors; Authentication 13). */
const AUTH_CODES = ['not_authed', 'invalid_token', 'token_revoked'];

/**
 * AUTH-01: a call without `Authorization` is an authentication failure: 401 with one of its codes
 * (stated). That the code is `not_authed` follows from its name only: the specification says
 * which cause `token_revoked` names, not the other two (`AUTH-02.code-by-cause`).
 */
export const auth01MissingCredential: Check = {
  requirements: ['AUTH-01'],
  basis: 'stated',
  title: 'No credential gives 401 not_authed',
  async run(context) {
    const name = 'a v1 list without a credential';
    const answer = await context.call({ path: '/v1/webhook.list', version: context.version });
    if (!expectAnswer(context, name, answer, { status: 401, error: AUTH_CODES })) return;
    expectAnswer(context, name, answer, {
      status: 401,
      error: 'not_authed',
      errorReading: 'AUTH-02.code-by-cause',
    });
  },
};
