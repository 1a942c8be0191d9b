import type { Check } from '../check.js';

/** AUTH-01: a call without `Authorization` gives 401 `not_authed`. */
export const auth01MissingCredential: Check = {
  requirements: ['AUTH-01'],
  basis: 'stated',
  title: 'No credential gives 401 not_authed',
  async run({ call, version, report }) {
    const answer = await call({ path: '/v1/webhook.list', version });
    if (answer.status === 401 && answer.body?.error === 'not_authed') return;
    report({
      message: `no credential gave ${answer.status}`,
      expected: { status: 401, error: 'not_authed' },
      actual: answer.body,
    });
  },
};
