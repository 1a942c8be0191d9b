import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** AUTH-11: personal tokens are the personal model: allow-listed endpoints only, never `sender`. */
export const auth11PersonalTokens: Check = tableCheck({
  requirements: ['AUTH-11'],
  basis: 'stated',
  title:
    'Personal tokens post as their owner, without sender, and not on organization-only endpoints',
  cases: ({ profile, version }) => {
    const token = profile.credentials.find(
      (c) =>
        c.access === 'personal' &&
        !c.revoked &&
        c.scopes.some((s) => s === 'chat:write' || s === 'chat:send_message'),
    )?.token;
    if (!token)
      return { skip: 'not_testable', reason: 'the profile has no personal token with chat:write' };
    const { chats, users } = profile.fixtures;
    const post = (extra: Record<string, unknown>) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      version,
      json: { chatId: chats.dmWithoutApp, userId: users.otherMember, text: 'personal', ...extra },
    });
    return [
      {
        name: 'a post as the owner, where the app is not a member',
        call: post({}),
        expect: { status: 200 },
      },
      {
        name: 'a post with sender',
        call: post({ sender: { id: 'helper' } }),
        expect: { status: 400, error: 'access_mode_not_supported' },
      },
      {
        name: 'v0 subscribe, organization-only',
        call: {
          path: '/v0/webhook.subscribe',
          method: 'POST',
          token,
          json: { event: 'lobby:booked', url: 'https://conformance.example.com/personal' },
        },
        expect: { status: 401 },
      },
    ];
  },
});
