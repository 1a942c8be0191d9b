import { randomUUID } from 'node:crypto';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { CHATS, USERS, findChat } from '../../../src/reference/chats.ts';
import { hearsChatEvent } from '../../../src/reference/deliveries/audience.ts';
import type { ServiceEvent } from '../../../src/reference/deliveries/service-event.ts';
import { since } from '../../../src/versions.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';
import type { Variation } from '../variation-catalogue.ts';

const CHAT_EVENTS = new Set([
  'chat.message',
  'chat.reaction',
  'chat:message:dm',
  'chat:message:channel',
  'chat:message:mention',
  'chat:message:reaction',
]);

/** The seeded channel an event is in, and whether the app is one of its members. */
function channelOf(event: ServiceEvent): { member: boolean } | undefined {
  const chat = event.context?.chatId === undefined ? undefined : findChat(event.context.chatId);
  if (chat?.kind !== 'channel') return undefined;
  return { member: chat.members.includes(USERS.bot) };
}

const dated = (version: string) => version !== 'v0';

/**
 * The reference server's chats under other ids, as another implementation's would be: id as the
 * profile declares it -> the seeded chat it stands for. Made once, so the server's hooks and the
 * profile agree.
 */
const RENAMED = new Map<string, string>(
  Object.values(CHATS).map((chat) => [randomUUID(), chat.id]),
);
const RENAMED_BY_SEED = new Map<string, string>(
  [...RENAMED].map(([renamed, seed]) => [seed, renamed]),
);

/**
 * Choices about who hears chat events the specification leaves open or does not reconcile
 * (VER-11's readings), and an implementation whose chats are its own, not the reference's seed.
 */
export const MEMBERSHIP_VARIATIONS: Variation[] = [
  {
    id: 'unmentioned-channel-messages-heard-before-2026-08-20',
    choice:
      'before 2026-08-20 an organization app hears every message of the channels it is a member of, as v0 chat:message:channel does: mention-only before then is only implied by "{mention: true} restores mention-only"',
    requirements: ['VER-11'],
    hooks: () => ({
      hears: (heard, event, version, filter) => {
        const channel = channelOf(event);
        const before = dated(version) && !since(version, 'membership');
        return before && channel?.member && filter?.mention !== true ? true : heard;
      },
    }),
    departsFrom: ['VER-11.before-membership'],
  },
  {
    id: 'public-group-messages-heard-before-2026-08-20',
    choice:
      'before 2026-08-20 an organization app hears every message of every public channel, with the app or without it, as organization access covers "all messages in public groups" and membership arrived with 2026-08-20; the rule that events arrive only for chats the app participates in stands in the v0 events section',
    requirements: ['VER-11'],
    hooks: () => ({
      hears: (heard, event, version, filter) => {
        const before = dated(version) && !since(version, 'membership');
        return before && channelOf(event) && filter?.mention !== true ? true : heard;
      },
    }),
    departsFrom: ['VER-11.before-membership'],
  },
  {
    id: 'mention-filter-within-membership',
    choice:
      'from 2026-08-20 a {mention: true} subscription hears mentions only in channels the app is a member of: the specification does not reconcile "hear a group only when members" with "events arrive for chats where the app is mentioned"',
    requirements: ['VER-11'],
    hooks: () => ({
      hears: (heard, event, version) => {
        const channel = channelOf(event);
        return dated(version) && since(version, 'membership') && channel && !channel.member
          ? false
          : heard;
      },
    }),
    departsFrom: ['VER-11.mention-outside-membership'],
  },
  {
    id: 'chats-of-its-own',
    choice:
      "the implementation's chats have other ids than the reference's seed, its user group another id, and it delivers chat events only for the chats it knows (by the trigger's context.chatId)",
    requirements: ['VER-10', 'VER-11', 'DLV-08', 'DLV-11', 'DLV-12', 'SUB-10'],
    hooks: () => ({
      hears: (heard, event, version, filter) => {
        if (!CHAT_EVENTS.has(event.type)) return heard;
        const seed = RENAMED.get(String(event.context?.chatId));
        if (seed === undefined) return false;
        const known = { ...event, context: { ...event.context, chatId: seed } };
        return hearsChatEvent(known, version as WebhookVersion, filter);
      },
    }),
    declare: (profile: Profile) => ({
      ...profile,
      fixtures: {
        ...profile.fixtures,
        chats: Object.fromEntries(
          Object.entries(profile.fixtures.chats).map(([name, id]) => [
            name,
            RENAMED_BY_SEED.get(id) ?? id,
          ]),
        ),
        userGroup: randomUUID(),
      },
    }),
    // Its chats are unknown to the other checks' requests (postEphemeral), which are not mapped.
    alone: true,
  },
];
