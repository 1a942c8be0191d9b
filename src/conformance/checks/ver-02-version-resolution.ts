import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { needCredential } from '../run/needs.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import { loadVersionRegistry } from '../../versions.js';

interface Case {
  name: string;
  token: string;
  header?: string;
  want: string;
}

/**
 * VER-02: the header, else the credential's pin, else the baseline decides the version, which the
 * answer names (VER-03). A version the profile declares sunset still names itself on its 410, so
 * the baseline case holds there too; the pin the header overrides is one that is not sunset, so
 * that whether a sunset pin refuses an overriding header (not said) does not matter.
 */
export const ver02VersionResolution: Check = {
  requirements: ['VER-02'],
  basis: 'stated',
  title: 'Service-Version header, else the pin, else the baseline',
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 get /webhook.list',
      pin: context.version,
      scopes: ['webhook:read'],
    });
    if ('skip' in need) return need;
    for (const { name, token, header, want } of cases(context, need.token)) {
      const answer = await context.call({ path: '/v1/webhook.list', token, version: header });
      const named = answer.headers?.['service-version'];
      if (named !== want)
        context.report({
          message: `${name}: the answer names ${named ?? 'no version'}, not ${want}`,
          expected: want,
          actual: named,
          answer,
        });
    }
  },
};

function cases(context: CheckContext, pinned: string): Case[] {
  const { profile, version, credential } = context;
  const found: Case[] = [{ name: 'the pin without a header', token: pinned, want: version }];
  const other = profile.credentials.find(
    (c) =>
      !c.revoked &&
      c.access === 'organization' &&
      c.pin &&
      c.pin !== version &&
      lifecycleOf(profile, c.pin) !== 'sunset' &&
      c.scopes.includes('webhook:read'),
  );
  if (other)
    found.push({
      name: `the header over the pin ${other.pin}`,
      token: other.token,
      header: version,
      want: version,
    });
  else
    context.note(
      'the profile has no credential pinned to another version: the header over a pin went untested',
    );
  const unpinned = credential({ pin: null, scopes: ['webhook:read'] });
  if (unpinned)
    found.push({
      name: 'the baseline without pin or header',
      token: unpinned,
      want: loadVersionRegistry().baseline,
    });
  else context.note('the profile has no credential without a pin: the baseline went untested');
  return found;
}
