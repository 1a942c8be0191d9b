// checks/: one conformance check per file, listed in checks/index.ts.
import type { Check } from '../run/check.js';
import type { CallInput, CheckContext } from '../run/context.js';
import { expectAnswer } from '../run/expect-answer.js';

/** The 401 codes of authentication failures (Errors; Authentication 13). */
const AUTH_CODES = ['not_authed', 'invalid_token', 'token_revoked'];

/**
 * Every operation of the API, as the profile's `implements` names it, with a request that is
 * valid but for its missing credential: an implementation that reads the body before the
 * credential has nothing else to refuse.
 */
const OPERATIONS: ReadonlyArray<readonly [string, (context: CheckContext) => CallInput]> = [
  ['v1 get /webhook.list', () => ({ path: '/v1/webhook.list' })],
  [
    'v1 post /webhook.subscribe',
    () => ({
      path: '/v1/webhook.subscribe',
      method: 'POST',
      json: { url: 'https://hooks.example.com/auth-01', event: 'meeting.ended' },
    }),
  ],
  [
    'v1 post /webhook.unsubscribe',
    () => ({ path: '/v1/webhook.unsubscribe', method: 'POST', json: { id: 'x_auth01' } }),
  ],
  [
    'v1 post /chat.postEphemeral',
    ({ profile: { fixtures } }) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      json: {
        chatId: fixtures.chats.channel ?? fixtures.chats.dm ?? 'C-auth01',
        userId: fixtures.users.member,
        text: 'auth-01',
      },
    }),
  ],
  ['v1 get /token.info', () => ({ path: '/v1/token.info' })],
  ['v1 post /token.revoke', () => ({ path: '/v1/token.revoke', method: 'POST' })],
  [
    'v0 post /webhook.subscribe',
    () => ({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      json: { url: 'https://hooks.example.com/auth-01', event: 'transcript:started' },
    }),
  ],
  [
    'v0 post /webhook.unsubscribe',
    () => ({
      path: '/v0/webhook.unsubscribe',
      method: 'POST',
      form: { id: '00000000-0000-4000-8000-000000000001' },
    }),
  ],
];

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
    for (const [operation, request] of OPERATIONS) {
      if (!context.profile.implements.includes(operation)) continue;
      const v1 = operation.startsWith('v1 ');
      const input = { ...request(context), ...(v1 ? { version: context.version } : {}) };
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
