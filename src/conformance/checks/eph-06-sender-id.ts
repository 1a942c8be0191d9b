import type { Check } from '../run/check.js';
import { CHAT_SCOPES, OPEN_CHATS, describePost, noPost, openPost } from '../run/needs.js';
import { tableCheck } from '../run/table-check.js';

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
    oneOf: CHAT_SCOPES,
  }),
  cases: ({ profile }, token) => {
    const open = openPost(profile);
    if (!open)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const { chatId, userId } = open;
    return ['', '_', '  Nobody-Configured ', 'HELPER'].map((id) => ({
      name: `sender.id "${id}" to ${describePost(profile, open)}`,
      call: {
        path: '/v1/chat.postEphemeral',
        method: 'POST' as const,
        token,
        json: { chatId, userId, text: 'EPH-06', sender: { id } },
      },
      expect: { status: 200 },
    }));
  },
});
