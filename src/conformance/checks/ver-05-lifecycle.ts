import { loadVersionRegistry } from '../../versions.js';
import type { Check } from '../check.js';
import { differingKeys } from '../expect-answer.js';
import { needCredential } from '../needs.js';

/**
 * VER-05: a sunset version gives 410; a deprecated one answers with `Deprecation` and `Sunset`; a
 * supported one with neither. The lifecycle is the contract's (openapi/versions.yaml).
 */
export const ver05Lifecycle: Check = {
  requirements: ['VER-05'],
  basis: 'stated',
  title: 'Sunset versions give 410, deprecated ones say so in headers',
  async run(context) {
    const need = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const status =
      loadVersionRegistry().versions.find((v) => v.version === context.version)?.status ??
      'supported';
    const answer = await context.call({
      path: '/v1/webhook.list',
      token: need.token,
      version: context.version,
    });
    const seen = {
      status: answer.status,
      deprecation: answer.headers?.deprecation !== undefined,
      sunset: answer.headers?.sunset !== undefined,
    };
    const wanted =
      status === 'sunset'
        ? { status: 410 }
        : { status: 200, deprecation: status === 'deprecated', sunset: status === 'deprecated' };
    if (differingKeys(wanted, seen).length)
      context.report({
        message: `a ${status} version answered ${seen.status} with${seen.deprecation ? '' : 'out'} Deprecation and with${seen.sunset ? '' : 'out'} Sunset`,
        expected: wanted,
        actual: seen,
      });
  },
};
