import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** SUB-06: v0 subscribe and unsubscribe are organization-only and need `webhook:write`. */
export const sub06V0OrganizationOnly: Check = tableCheck({
  requirements: ['SUB-06'],
  basis: 'stated',
  title: 'v0 subscriptions need an organization credential with webhook:write',
  cases: ({ profile }) => {
    const live = profile.credentials.filter((c) => !c.revoked);
    const personal = live.find((c) => c.access === 'personal')?.token;
    const unscoped = live.find(
      (c) => c.access === 'organization' && !c.scopes.includes('webhook:write'),
    )?.token;
    if (!personal && !unscoped)
      return {
        skip: 'not_testable',
        reason:
          'the profile has neither a personal token nor an organization credential without webhook:write',
      };
    const json = { event: 'lobby:booked', url: 'https://conformance.example.com/sub-06' };
    const id = '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
    return [personal, unscoped]
      .filter((t): t is string => t !== undefined)
      .flatMap((token) => [
        {
          name: `subscribe with ${token === personal ? 'a personal token' : 'no webhook:write'}`,
          call: { path: '/v0/webhook.subscribe', method: 'POST' as const, token, json },
          expect: { status: 401 },
        },
        {
          name: `unsubscribe with ${token === personal ? 'a personal token' : 'no webhook:write'}`,
          call: { path: '/v0/webhook.unsubscribe', method: 'POST' as const, token, form: { id } },
          expect: { status: 401 },
        },
      ]);
  },
});
