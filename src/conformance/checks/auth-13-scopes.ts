import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/**
 * AUTH-13: each endpoint's scope: `webhook:write`, `webhook:read`, `chat:write` or
 * `chat:send_message`.
 */
export const auth13Scopes: Check = tableCheck({
  requirements: ['AUTH-13'],
  basis: 'stated',
  title: 'A credential without the endpoint scope is refused',
  cases: ({ profile, version }) => {
    const token = profile.credentials.find(
      (c) => c.access === 'organization' && !c.revoked && c.scopes.length === 0,
    )?.token;
    if (!token)
      return {
        skip: 'not_testable',
        reason: 'the profile has no organization credential without scopes',
      };
    const { chats, users } = profile.fixtures;
    const url = 'https://conformance.example.com/scopes';
    return [
      {
        name: 'v1 subscribe without webhook:write',
        call: {
          path: '/v1/webhook.subscribe',
          method: 'POST',
          token,
          version,
          json: { event: 'meeting.ended', url },
        },
        expect: { status: 401, error: 'missing_scope' },
      },
      {
        name: 'v1 unsubscribe without webhook:write',
        call: {
          path: '/v1/webhook.unsubscribe',
          method: 'POST',
          token,
          version,
          json: { id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10' },
        },
        expect: { status: 401, error: 'missing_scope' },
      },
      {
        name: 'v1 list without webhook:read',
        call: { path: '/v1/webhook.list', token, version },
        expect: { status: 401, error: 'missing_scope' },
      },
      {
        name: 'postEphemeral without chat:write',
        call: {
          path: '/v1/chat.postEphemeral',
          method: 'POST',
          token,
          version,
          json: { chatId: chats.dm, userId: users.member, text: 'no scope' },
        },
        expect: { status: 403, error: 'missing_scope' },
      },
    ];
  },
});
