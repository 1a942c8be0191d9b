import type { Check, Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { type Emission, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';
import { type ChatName, fixtureChat } from '../reach/sample-events.js';

/** The chats a message is sent in, with the `chatType` each stands for (SUB-09). */
const KINDS: ReadonlyArray<readonly [ChatName, 'dm' | 'group', string]> = [
  ['dm', 'dm', 'a direct message'],
  ['mpdm', 'dm', 'a multi-person direct message'],
  ['channel', 'group', 'a channel message'],
];

/**
 * SUB-09: a v1 `chat.message` subscription filtered by `chatType` gets only its kind of chat: "`dm`
 * = direct messages (1:1 and multi-person); `group` = group messages". The messages are in the
 * profile's chats with the app, which it hears at every version (VER-11: the channel's mention the
 * app); each names its chat in
 * `context.chatId` and carries `data.chatType` as deliveries show it. Each hook is sent the kinds it
 * refuses first, then one it takes (judgeFilter); a multi-person DM is sent where the profile names
 * one.
 */
export const sub09V1ChatType: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 filter chatType: dm hears direct messages (1:1 and multi-person), group hears groups',
  exclusive: ['v1 chat.message'],
  async run(context) {
    const chats = chatsOf(context);
    if ('skip' in chats) return chats;
    const hooks = (['dm', 'group'] as const).map((chatType) => ({
      event: 'chat.message',
      filter: { chatType },
    }));
    return withHooks(context, hooks, async ([dmHook, groupHook]) => {
      // The trigger emits to every subscription of the app: one hook's emit reaches both.
      const send = (name: ChatName): [string, (marker: string) => Promise<void>] => {
        const [id, chatType, what] = chats.get(name)!;
        return [what, (marker) => dmHook!.emit(message(context, marker, chatType, id))];
      };
      // Side by side: each round's markers are its own, and its refused messages go first.
      await Promise.all([
        judgeFilter(context, dmHook!, 'a filter of chatType dm', [send('channel'), send('dm')]),
        chats.has('mpdm') &&
          judgeFilter(context, dmHook!, 'a filter of chatType dm', [send('channel'), send('mpdm')]),
        judgeFilter(context, groupHook!, 'a filter of chatType group', [
          send('dm'),
          ...(chats.has('mpdm') ? [send('mpdm')] : []),
          send('channel'),
        ]),
      ]);
    });
  },
};

type Chats = Map<ChatName, readonly [id: string, chatType: 'dm' | 'group', what: string]>;

/** The profile's chats for each kind; a DM and a channel are needed, a multi-person DM is not. */
function chatsOf(context: CheckContext): Chats | Skip {
  const chats: Chats = new Map();
  for (const [name, chatType, what] of KINDS) {
    const chat = fixtureChat(context.profile, name);
    if (!('skip' in chat)) chats.set(name, [chat.id, chatType, what]);
    else if (name === 'mpdm')
      context.note(`no multi-person direct message was sent: ${chat.reason}`);
    else return chat;
  }
  return chats;
}

/**
 * A message in `chatId`. A group message mentions the app: before the membership gate an
 * organization app hears a channel by mention (VER-11), and this check judges the filter, not that.
 */
function message(
  context: CheckContext,
  marker: string,
  chatType: 'dm' | 'group',
  chatId: string,
): Emission {
  if (chatType === 'dm') return { data: { chatType, text: marker }, context: { chatId } };
  const { app } = context.profile.fixtures.users;
  return {
    data: { chatType, text: `${marker} <@${app}>` },
    context: { chatId, mentionsApp: true },
  };
}
