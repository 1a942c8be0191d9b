import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/**
 * EPH-06: `sender.id` is trimmed and case-insensitive; empty, omitted or `_` is the root identity;
 * unknown ids are accepted.
 */
export const eph06SenderId: Check = tableCheck({
  requirements: ['EPH-06'],
  basis: 'stated',
  title: 'Any sender.id is accepted: root, unknown, padded, any case',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile }, token) => {
    const { chats, users } = profile.fixtures;
    return ['', '_', '  Nobody-Configured ', 'HELPER'].map((id) => ({
      name: `sender.id "${id}"`,
      call: {
        path: '/v1/chat.postEphemeral',
        method: 'POST' as const,
        token,
        json: { chatId: chats.dm, userId: users.member, text: 'EPH-06', sender: { id } },
      },
      expect: { status: 200 },
    }));
  },
});
