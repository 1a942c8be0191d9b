import type { Check } from '../run/check.js';
import { tableCheck } from '../run/table-check.js';

/** SUB-08: v1 list needs `webhook:read`, else 401. */
export const sub08ListScope: Check = tableCheck({
  requirements: ['SUB-08'],
  basis: 'stated',
  title: 'v1 list without webhook:read gives 401',
  cases: ({ profile, version }) => {
    const token = profile.credentials.find(
      (c) => c.access === 'organization' && !c.revoked && !c.scopes.includes('webhook:read'),
    )?.token;
    if (!token)
      return {
        skip: 'not_testable',
        reason: 'the profile has no organization credential without webhook:read',
      };
    return [
      {
        name: 'list without webhook:read',
        call: { path: '/v1/webhook.list', token, version },
        expect: { status: 401 },
      },
    ];
  },
});
