import type { Check } from '../run/check.js';
import { loadVersionRegistry } from '../../versions.js';
import type { CheckContext } from '../run/context.js';
import { needCredential } from '../run/needs.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import { listVersions } from '../../versions.js';

/**
 * VER-04: an unknown or malformed version gives 400 whose body "lists supported versions". Under
 * which field, or in which form, is not said (`supportedVersions` is this contract's name), so
 * every supported version only has to be in the body somewhere: those the profile does not declare
 * sunset, or, where it declares no lifecycle, the one under test.
 */
export const ver04UnsupportedVersion: Check = {
  requirements: ['VER-04'],
  basis: 'stated',
  title: 'An unsupported Service-Version gives 400 with the supported list',
  async run(context) {
    const { call, version } = context;
    const need = needCredential(context, { pin: version, scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const supported = supportedVersions(context);
    // A date past every version the registry knows, and a word that is no date.
    const unknownDate = `${Number(loadVersionRegistry().latest.slice(0, 4)) + 5}-01-01`;
    for (const asked of [unknownDate, 'latest']) {
      const answer = await call({ path: '/v1/webhook.list', token: need.token, version: asked });
      const text =
        typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
      const missing = supported.filter((v) => !text.includes(v));
      if (answer.status === 400 && missing.length === 0) continue;
      context.report({
        message: `Service-Version "${asked}" gave ${answer.status}${missing.length ? ` with a body that does not list ${missing.join(', ')}` : ''}`,
        expected: `400 listing ${supported.join(', ')}`,
        actual: { status: answer.status, body: answer.body },
        answer,
      });
    }
  },
};

/** The versions the implementation supports, as its profile declares them (VER-05's lifecycle). */
function supportedVersions({ profile, version }: CheckContext): string[] {
  if (!profile.lifecycle) return [version];
  return listVersions().filter((v) => lifecycleOf(profile, v) !== 'sunset');
}
