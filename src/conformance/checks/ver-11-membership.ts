import { setTimeout as sleep } from 'node:timers/promises';
import { gateVersion, since } from '../../versions.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { type SubscribedHook, carries, nonce, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { type ChatName, fixtureChat } from '../reach/sample-events.js';

/** Whether a hook must hear a case; `reading` where only a reading says so (else it is stated). */
interface Verdict {
  heard: boolean;
  reading?: string;
}

interface Case {
  name: string;
  chat: ChatName;
  mentionsApp: boolean;
  plain: Verdict;
  mentionOnly: Verdict;
}

const BEFORE = 'VER-11.before-membership';
const OUTSIDE = 'VER-11.mention-outside-membership';
const stated = (heard: boolean): Verdict => ({ heard });

/**
 * What an organization app's subscriptions hear of channel messages at a version, without a filter
 * and with `{mention: true}`. Stated at every version: `{mention: true}` restricts to messages that
 * mention the app (v1 filter table); a mentioning message in a channel with the app is heard under
 * every reading. From 2026-08-20 (Versioning 8) an unmentioning message reaches the subscription
 * without a filter in a channel with the app, and not in one without it ("organization apps hear
 * a group only when members"; `{mention: true}` "restores mention-only"). The rest rests on
 * readings: before 2026-08-20, mention-only, in channels with the app or without it
 * (`VER-11.before-membership`); from it, a mention outside membership reaching `{mention: true}`
 * alone (`VER-11.mention-outside-membership`). The case every hook hears comes last.
 */
function casesAt(version: string): Case[] {
  const membership = since(version, 'membership');
  return [
    {
      name: 'an unmentioning message in a channel without the app',
      chat: 'channelWithoutApp',
      mentionsApp: false,
      // Before 2026-08-20 only a reading: organization access covers "all messages in public
      // groups", and membership arrived with 2026-08-20; "events arrive only for chats where the
      // app is a participant or is mentioned" stands in the v0 events section.
      plain: membership ? stated(false) : { heard: false, reading: BEFORE },
      mentionOnly: stated(false),
    },
    {
      name: 'an unmentioning message in a channel with the app',
      chat: 'channel',
      mentionsApp: false,
      plain: membership ? stated(true) : { heard: false, reading: BEFORE },
      mentionOnly: stated(false),
    },
    {
      name: 'a mentioning message in a channel without the app',
      chat: 'channelWithoutApp',
      mentionsApp: true,
      plain: membership ? { heard: false, reading: OUTSIDE } : { heard: true, reading: BEFORE },
      mentionOnly: { heard: true, reading: membership ? OUTSIDE : BEFORE },
    },
    {
      name: 'a mentioning message in a channel with the app',
      chat: 'channel',
      mentionsApp: true,
      plain: stated(true),
      mentionOnly: stated(true),
    },
  ];
}

/**
 * VER-11: which channel messages an organization app hears, by version, without a filter and with
 * `{mention: true}` (casesAt). The chats are the profile's: `channel` with the app, and
 * `channelWithoutApp` without it (as `fixtures.members` declares, where it does).
 */
export const ver11Membership: Check = {
  requirements: ['VER-11'],
  basis: 'stated',
  title: `Channel messages by membership from ${gateVersion('membership')}, by mention before; {mention: true} restores mentions`,
  exclusive: ['v1 chat.message'],
  quiet: 'together',
  async run(context) {
    const { version, profile } = context;
    const chats = new Map<ChatName, string>();
    for (const name of ['channel', 'channelWithoutApp'] as const) {
      const chat = fixtureChat(profile, name);
      if ('skip' in chat) {
        // The case every hook hears is in `channel`: without it nothing can be judged.
        if (name === 'channel') return chat;
        context.note(`messages in a channel without the app were not sent: ${chat.reason}`);
      } else chats.set(name, chat.id);
    }
    const cases = casesAt(version)
      .filter((c) => chats.has(c.chat))
      .map((c) => ({ ...c, marker: nonce() }));
    const hooks = [{ event: 'chat.message' }, { event: 'chat.message', filter: { mention: true } }];
    return withHooks(context, hooks, async ([plain, mentionOnly]) => {
      const { app } = profile.fixtures.users;
      for (const c of cases)
        await plain!.emit({
          data: { chatType: 'group', text: c.mentionsApp ? `${c.marker} <@${app}>` : c.marker },
          context: { chatId: chats.get(c.chat), mentionsApp: c.mentionsApp },
        });
      // The last case is heard by every hook: once it arrived, and a little after, the others have
      // too.
      const last = cases.at(-1)!.marker;
      const heardLast = (h: SubscribedHook) => h.received.some((r) => carries(r, last));
      await Promise.all([plain!, mentionOnly!].map((h) => until(() => heardLast(h), 5000)));
      await sleep(300);
      for (const c of cases) {
        judge(context, c, plain!, c.plain, 'without a filter');
        judge(context, c, mentionOnly!, c.mentionOnly, 'with {mention: true}');
      }
    });
  },
};

/** Reports a hook that heard a case it must not, or missed one it must hear. */
function judge(
  context: CheckContext,
  c: Case & { marker: string },
  hook: SubscribedHook,
  { heard: wanted, reading }: Verdict,
  label: string,
): void {
  const heard = hook.received.some((r) => carries(r, c.marker));
  if (heard === wanted) return;
  context.report({
    message: `${c.name} (fixtures.chats.${c.chat}), ${label}, was ${heard ? '' : 'not '}delivered at ${context.version}`,
    expected: wanted,
    actual: heard,
    ...(reading ? { reading } : {}),
  });
}
