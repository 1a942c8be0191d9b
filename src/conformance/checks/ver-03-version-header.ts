import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/** VER-03: every v1 answer names the version used, errors included. */
export const ver03VersionHeader: Check = {
  requirements: ['VER-03'],
  basis: 'stated',
  title: 'Service-Version on every v1 answer, success and error',
  async run(context) {
    const { call, version } = context;
    const need = needCredential(context, { pin: version, scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const { token } = need;
    const answers = [
      ['a success', await call({ path: '/v1/webhook.list', token })],
      ['a 401 without credentials', await call({ path: '/v1/webhook.list', version })],
      [
        'a 400 for a bad body',
        await call({ path: '/v1/chat.postEphemeral', method: 'POST', token, json: {} }),
      ],
    ] as const;
    for (const [name, answer] of answers) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(answer.headers?.['service-version'] ?? '')) {
        context.report({
          message: `${name} (${answer.status}) names no version`,
          actual: answer.headers?.['service-version'],
        });
      }
    }
  },
};
