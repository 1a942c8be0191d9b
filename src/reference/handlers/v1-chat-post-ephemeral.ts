import { USERS, findChat, isUser } from '../chats.js';
import type { Handler } from './handler.js';

interface Body {
  chatId: string;
  userId: string;
  text: string;
  threadTimestamp?: number;
  sender?: { id?: string; name?: string; imageUrl?: string };
}

/**
 * EPH-01..06: post a message only the recipient sees, after the spec's checks in its table's
 * order of concern: the chat, the poster's membership, the channel's state, the recipient, the
 * thread. Delivered live to the recipient's clients; never stored, never a `chat.message` event.
 */
export const v1ChatPostEphemeral: Handler = async ({ request, hub, clock }) => {
  const body = request.body as Body;
  const chat = findChat(body.chatId);
  const fail = (status: number, error: string) => ({ status, body: { error } });
  if (!chat) return fail(404, 'chat_not_found');
  if (chat.foreign) return fail(403, 'group_not_found');
  // The organization bot posts for API keys; a personal token posts as its owner (AUTH-11).
  const poster = request.token!.access === 'personal' ? USERS.ada : USERS.bot;
  if (!chat.members.includes(poster))
    return fail(403, chat.kind === 'channel' ? 'not_in_group' : 'not_in_chat');
  if (chat.archived) return fail(400, 'is_archived');
  if (!isUser(body.userId)) return fail(404, 'user_not_found');
  if (!chat.members.includes(body.userId)) return fail(400, 'user_not_in_chat');
  if (body.threadTimestamp !== undefined && chat.kind !== 'channel')
    return fail(400, 'invalid_parameter');
  const timestamp = clock.nowMicroseconds();
  hub.deliver(body.userId, {
    chatId: chat.id,
    timestamp,
    threadTimestamp: body.threadTimestamp,
    text: body.text,
    sender: body.sender,
  });
  return {
    status: 200,
    body: {
      ok: true,
      chatId: chat.id,
      timestamp,
      ...(body.threadTimestamp === undefined ? {} : { threadTimestamp: body.threadTimestamp }),
    },
  };
};
