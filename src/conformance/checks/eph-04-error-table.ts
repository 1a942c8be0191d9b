import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** EPH-04: the error table of postEphemeral, one seeded chat or user per row. */
export const eph04ErrorTable: Check = tableCheck({
  requirements: ['EPH-04'],
  basis: 'stated',
  title: 'postEphemeral gives each error of the table for its case',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile }, token) => {
    const { chats, users } = profile.fixtures;
    const post = (chatId: string | undefined, userId: string) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json: { chatId, userId, text: 'EPH-04' },
    });
    return [
      {
        name: 'an unknown chat',
        call: post(users.unknown, users.member),
        expect: { status: 404, error: 'chat_not_found' },
      },
      {
        name: 'a recipient that is no user',
        call: post(chats.dm, users.unknown),
        expect: { status: 404, error: 'user_not_found' },
      },
      {
        name: 'a recipient outside the chat',
        call: post(chats.dm, users.otherMember),
        expect: { status: 400, error: 'user_not_in_chat' },
      },
      {
        name: 'an archived channel',
        call: post(chats.archivedChannel, users.member),
        expect: { status: 400, error: 'is_archived' },
      },
      {
        name: 'a DM without the app',
        call: post(chats.dmWithoutApp, users.member),
        expect: { status: 403, error: 'not_in_chat' },
      },
      {
        name: 'a channel without the app',
        call: post(chats.channelWithoutApp, users.member),
        expect: { status: 403, error: 'not_in_group' },
      },
      {
        name: "another workspace's channel",
        call: post(chats.foreignChannel, users.app),
        expect: { status: 403, error: 'group_not_found' },
      },
      {
        name: 'GET instead of POST',
        call: { path: '/v1/chat.postEphemeral', token },
        expect: { status: 405 },
      },
    ];
  },
});
