import type { Check } from '../run/check.js';
import { differingKeys } from '../run/expect-answer.js';
import { needCredential } from '../run/needs.js';
import { lifecycleOf } from '../profile/profile-facts.js';

/**
 * VER-05: a version past its sunset gives 410; a deprecated one answers with `Deprecation` and
 * `Sunset`; a supported one with neither. When a version nears its end is the implementation's
 * own decision, so the lifecycle judged is the one its profile declares (`lifecycle`), not this
 * contract's registry. The branches no declared version exercises are noted.
 */
export const ver05Lifecycle: Check = {
  requirements: ['VER-05'],
  basis: 'stated',
  title: 'Sunset versions give 410, deprecated ones say so in headers, as the profile declares',
  async run(context) {
    const { profile, version } = context;
    const status = lifecycleOf(profile, version);
    if (!status)
      return {
        skip: 'not_testable',
        reason:
          'the profile declares no lifecycle (format 3: lifecycle.deprecated and lifecycle.sunset, [] for none), so which versions should answer 410 or Deprecation is not known',
      };
    const need = needCredential(context, { scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const answer = await context.call({ path: '/v1/webhook.list', token: need.token, version });
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
        message: `${version}, declared ${status}, answered ${seen.status} with${seen.deprecation ? '' : 'out'} Deprecation and with${seen.sunset ? '' : 'out'} Sunset`,
        expected: wanted,
        actual: seen,
        answer,
      });
    const unexercised = (['deprecated', 'sunset'] as const).filter(
      (branch) => (profile.lifecycle?.[branch] ?? []).length === 0,
    );
    if (unexercised.length)
      context.note(
        `the profile declares no ${unexercised.join(' and no ')} version, so ${unexercised.map((b) => (b === 'sunset' ? 'the 410' : 'the Deprecation and Sunset headers')).join(' and ')} went unexercised`,
      );
  },
};
