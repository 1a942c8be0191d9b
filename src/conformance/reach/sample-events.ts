import { randomUUID } from 'node:crypto';
import { V0_PAYLOADS } from '../../samples/sample-payloads.js';
import type { Skip } from '../run/check.js';
import type { Emission } from './deliveries.js';
import type { Profile } from '../profile/profile.js';
import { isMember } from '../profile/profile-facts.js';

type Fixtures = Profile['fixtures'];

/**
 * The fixture chats the delivery checks emit chat events in, and whether the app is a member of
 * each, as docs/conformance-profile.md defines them: a direct message, a multi-person one and a
 * channel with the app, a channel without it.
 */
const APP_IN = { dm: true, mpdm: true, channel: true, channelWithoutApp: false } as const;

export type ChatName = keyof typeof APP_IN;

/**
 * The id of the profile's fixture chat `name` (`fixtures.chats`), or why a check cannot use it: the
 * profile names no such chat, or its `fixtures.members` says the app's membership is not the one
 * the chat stands for. Nothing here comes from the reference server's seed: an implementation
 * knows its own chats, and may deliver nothing for others.
 */
export function fixtureChat(profile: Profile, name: ChatName): { id: string } | Skip {
  const { chats, users } = profile.fixtures;
  if (!Object.hasOwn(chats, name))
    return { skip: 'not_testable', reason: `the profile names no fixtures.chats.${name}` };
  const member = isMember(profile, name, users.app);
  if (member !== undefined && member !== APP_IN[name])
    return {
      skip: 'not_testable',
      reason: `the profile's fixtures.members says the app (fixtures.users.app) is ${member ? '' : 'not '}a member of fixtures.chats.${name}, which stands for a chat ${APP_IN[name] ? 'with' : 'without'} it`,
    };
  return { id: chats[name]! };
}

/**
 * A Tagged UUID of a profile id (TYPE-01), for payload fields that are one. The letter is the
 * suite's choice (`U-` people, `B-` the app, `C-` channels, `D-` direct messages): the specification does not
 * say which letter tags which kind, so the implementation learns the chat from the trigger's
 * `context.chatId`, not from these.
 */
const tagged = (letter: string, id: string) => `${letter}-${id.toLowerCase()}`;

/**
 * The mentions a sample message carries (VER-10), all from the profile: the app (so the message
 * mentions it, and is heard at every version, VER-11), the user group where the profile names one
 * (`fixtures.userGroup`), everyone, and a person (`fixtures.users.member`).
 */
export interface Mentions {
  app: string;
  group?: string;
  person: string;
}

export function mentionsOf(fixtures: Fixtures): Mentions {
  const { users, userGroup } = fixtures;
  return { app: users.app, ...(userGroup ? { group: userGroup } : {}), person: users.member };
}

/**
 * A message text with `mentions`, written in the current grammar (the specification Versioning 8, from
 * 2026-08-07): unambiguous, and accepted on write by every version (VER-13). The implementation
 * renders it per subscription version.
 */
function mentionText(marker: string, { app, group, person }: Mentions): string {
  return `${marker} <@${app}> ${group ? `<!subteam^${group}> and ` : ''}<!channel> and <@${person}>`;
}

/**
 * Payloads the suite asks an implementation to emit: small, valid in every version, each carrying
 * `marker` where a check can find it again. Every chat event names its chat in `context.chatId`,
 * one of the profile's fixture chats (deliveries.ts, Emission, says what the trigger receives).
 */
export const SAMPLE_EVENTS = {
  /** v1 `meeting.ended`: the event most delivery checks use. */
  meetingEnded: (marker: string) => ({ id: marker }),
  /**
   * v1 `chat.message` in the fixture channel with the app, mentioning the app, the user group,
   * everyone and a person (VER-10); heard at every version (VER-11).
   */
  chatMessage: (marker: string, channel: string, fixtures: Fixtures): Emission => ({
    data: { chatType: 'group', text: mentionText(marker, mentionsOf(fixtures)) },
    context: { chatId: channel, mentionsApp: true },
  }),
  /** v0 `chat:message:dm`: a text message to the app, its key in Unix microseconds (TYPE-03). */
  directMessage: (marker: string, dm: string, fixtures: Fixtures): Emission => ({
    data: {
      type: 'message',
      contentType: 'text',
      sender: tagged('U', fixtures.users.member),
      chat: tagged('D', dm),
      timestamp: Date.now() * 1000 + 123,
      text: marker,
    },
    context: { chatId: dm },
  }),
  /** v0 `transcript:started`. */
  transcriptStarted: () => ({
    id: randomUUID(),
    meetingId: randomUUID(),
    start: '2026-08-01T09:30:00Z',
    location: 'Weekly sync',
    hostEmail: 'ada@example.com',
  }),
  /**
   * v0 `chat:message:reaction` on `messageId` in the fixture channel with the app, with these
   * reaction codes (SUB-10, DLV-11).
   */
  reaction: (messageId: string, codes: string[], channel: string, fixtures: Fixtures): Emission => {
    const { member, otherMember, app } = fixtures.users;
    return {
      data: {
        type: 'reaction',
        chat: tagged('C', channel),
        recipient: tagged('B', app),
        messageId,
        messageTimestamp: 1785312000123456,
        messageSender: tagged('U', otherMember),
        chatType: 'channel',
        reactions: codes.map((code) => ({
          code,
          emojiText: '*',
          reactors: [tagged('U', member)],
        })),
      },
      context: { chatId: channel },
    };
  },
  /**
   * A v0 On-Air payload of `event` (`{type, event}`; the RSVP adds `guest`) about the On-Air event
   * `eventId`, with `status` for the RSVP and `marker` in its title and the guest's name (SUB-04).
   */
  onAir: (event: string, eventId: string, marker: string, status?: string): Emission => {
    const sample = structuredClone(V0_PAYLOADS[event]!) as Record<string, any>;
    sample.event = { ...sample.event, id: eventId, title: marker };
    if (sample.guest) sample.guest = { ...sample.guest, eventId, status, name: marker };
    return { data: sample };
  },
};
