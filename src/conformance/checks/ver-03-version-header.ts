import type { Check } from '../run/check.js';
import { needCredential } from '../run/needs.js';

/**
 * VER-03: every v1 answer names the version used, errors included: the header the request sent,
 * else the credential's pin (VER-02), here both the version under test.
 */
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
      ['a list with a credential pinned to it', await call({ path: '/v1/webhook.list', token })],
      ['a list without credentials', await call({ path: '/v1/webhook.list', version })],
      [
        'a postEphemeral with an empty body',
        await call({ path: '/v1/chat.postEphemeral', method: 'POST', token, json: {} }),
      ],
    ] as const;
    for (const [name, answer] of answers) {
      const named = answer.headers?.['service-version'];
      if (named !== version)
        context.report({
          message: `${name} answered ${answer.status} naming ${named === undefined ? 'no version' : named}, not ${version}`,
          expected: version,
          actual: named,
          answer,
        });
    }
  },
};
