import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/** VER-04: an unknown or malformed version gives 400 listing the supported ones. */
export const ver04UnsupportedVersion: Check = {
  requirements: ['VER-04'],
  basis: 'stated',
  title: 'An unsupported Service-Version gives 400 with the supported list',
  async run(context) {
    const { call, version } = context;
    const need = needCredential(context, { pin: version, scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const { token } = need;
    for (const asked of ['2031-01-01', 'latest']) {
      const answer = await call({ path: '/v1/webhook.list', token, version: asked });
      const listed = JSON.stringify(answer.body ?? '');
      if (answer.status !== 400 || !listed.includes(version)) {
        context.report({
          message: `Service-Version "${asked}" gave ${answer.status}`,
          expected: `400 listing ${version}`,
          actual: answer.body,
        });
      }
    }
  },
};
