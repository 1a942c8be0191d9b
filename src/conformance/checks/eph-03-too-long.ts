import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/**
 * EPH-03: more than 8,000 bytes of UTF-8 text gives 413 `msg_too_long`; exactly 8,000 is accepted.
 */
export const eph03TooLong: Check = tableCheck({
  requirements: ['EPH-03'],
  title: 'Text over 8,000 UTF-8 bytes gives 413 msg_too_long',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile }, token) => {
    const { chats, users } = profile.fixtures;
    const post = (text: string) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json: { chatId: chats.dm, userId: users.member, text },
    });
    // Two bytes per character: 4,000 characters are 8,000 bytes, though far fewer than 8,000
    // characters.
    return [
      { name: '8,000 bytes', call: post('é'.repeat(4000)), expect: { status: 200 } },
      {
        name: '8,001 bytes in 4,001 characters',
        call: post(`${'é'.repeat(4000)}a`),
        expect: { status: 413, error: 'msg_too_long' },
      },
    ];
  },
});
