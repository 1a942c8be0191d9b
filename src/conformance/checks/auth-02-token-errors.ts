import type { Check } from '../run/check.js';
import { type Expected, expectAnswer } from '../run/expect-answer.js';

/** The 401 codes of authentication failures (Errors; Authentication 13). */
const AUTH_CODES = ['not_authed', 'invalid_token', 'token_revoked'];

/**
 * AUTH-02: a credential the service does not know, or one whose grant was revoked, is an
 * authentication failure: 401 with one of its codes. A revoked grant "yields `token_revoked` on
 * use" (stated); that an unknown one is `invalid_token` follows only from the code's name (worth a
 * refresh: a token the service no longer takes), `AUTH-02.code-by-cause`.
 */
export const auth02TokenErrors: Check = {
  requirements: ['AUTH-02'],
  basis: 'stated',
  title: 'Unknown tokens give invalid_token, revoked ones token_revoked',
  async run(context) {
    const { profile, version } = context;
    const revoked = profile.credentials.find((c) => c.revoked)?.token;
    const cases: Array<[string, string, Expected]> = [
      [
        'a v1 list with an unknown token',
        'conformance-unknown-token',
        { status: 401, error: 'invalid_token', errorReading: 'AUTH-02.code-by-cause' },
      ],
    ];
    if (revoked)
      cases.push([
        'a v1 list with a revoked credential',
        revoked,
        { status: 401, error: 'token_revoked' },
      ]);
    else context.note('the profile lists no revoked credential: token_revoked went untested');
    for (const [name, token, expected] of cases) {
      const answer = await context.call({ path: '/v1/webhook.list', token, version });
      if (expectAnswer(context, name, answer, { status: 401, error: AUTH_CODES }))
        expectAnswer(context, name, answer, expected);
    }
  },
};
