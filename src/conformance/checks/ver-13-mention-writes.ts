import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** VER-13: every version accepts both mention grammars, `|label` suffixes and `<@all>` on write. */
export const ver13MentionWrites: Check = tableCheck({
  requirements: ['VER-13'],
  basis: 'stated',
  title: 'Both mention grammars are accepted on write at every version',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile }, token) => {
    const { chats, users } = profile.fixtures;
    const group = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
    const texts = [
      `hi <@G-${group}> and <@all>`,
      `hi <!subteam^${group}> and <!channel>`,
      `hi <@${users.otherMember}|Grace> and <@all|everyone>`,
    ];
    return texts.map((text) => ({
      name: `text "${text}"`,
      call: {
        path: '/v1/chat.postEphemeral',
        method: 'POST' as const,
        token,
        json: { chatId: chats.channel, userId: users.member, text },
      },
      expect: { status: 200 },
    }));
  },
});
