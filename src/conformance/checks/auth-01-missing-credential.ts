import type { Check } from '../check.js';

/** AUTH-01: a call without `Authorization` gives 401 `not_authed`. */
export const auth01MissingCredential: Check = {
  id: 'auth-01-missing-credential',
  requirements: ['AUTH-01'],
  title: 'No credential gives 401 not_authed',
  async run({ call, version }) {
    const answer = await call({ path: '/v1/webhook.list', version });
    if (answer.status === 401 && answer.body?.error === 'not_authed') return [];
    return [
      {
        check: this.id,
        requirement: 'AUTH-01',
        severity: 'error',
        message: `no credential gave ${answer.status}`,
        expected: { status: 401, error: 'not_authed' },
        actual: answer.body,
      },
    ];
  },
};
