import type { Skip } from './check.js';
import type { CheckContext } from './context.js';
import type { Profile } from '../profile/profile.js';
import { isMember } from '../profile/profile-facts.js';

/** postEphemeral takes either scope (AUTH-13: "`chat:send_message` or `chat:write`"). */
export const CHAT_SCOPES = ['chat:write', 'chat:send_message'] as const;

export interface Need {
  /** The operation the check exercises, as the profile's `implements` lists it. */
  operation?: string;
  pin?: string | null;
  /** Scopes the credential needs, every one. */
  scopes?: string[];
  /** Scopes of which the credential needs one, where the operation takes either (CHAT_SCOPES). */
  oneOf?: readonly string[];
}

/** A credential for a check, or why the check cannot run against this profile. */
export function needCredential(
  { profile, credential }: CheckContext,
  { operation, pin, scopes = [], oneOf }: Need,
): { token: string } | Skip {
  if (operation && !profile.implements.includes(operation))
    return { skip: 'not_applicable', reason: `${operation} is not implemented` };
  const token = oneOf
    ? oneOf.map((one) => credential({ pin, scopes: [...scopes, one] })).find(Boolean)
    : credential({ pin, scopes });
  if (token) return { token };
  const pinned = pin === undefined ? '' : pin === null ? ' without a pin' : ` pinned to ${pin}`;
  const wanted = [...scopes, ...(oneOf ? [oneOf.join(' or ')] : [])];
  return {
    skip: 'not_testable',
    reason: `the profile has no organization credential${pinned} with ${wanted.join(', ') || 'no scopes'}`,
  };
}

/** The fixture chats of each kind, by their names in `fixtures.chats` (docs/conformance-profile.md). */
const DM_CHATS = ['dm', 'mpdm', 'dmWithoutApp'] as const;
/** Channels that are neither archived nor another workspace's. */
export const CHANNELS = ['channel', 'channelWithoutApp'] as const;
/** Chats a post can reach when the poster and the recipient are members. */
export const OPEN_CHATS = [...DM_CHATS, ...CHANNELS] as const;

/**
 * Who is in a fixture chat where the profile does not list members (formats 1 and 2, or format 3
 * without `fixtures.members`): what docs/conformance-profile.md says of the chats of those names.
 * It says nothing of the archived and the foreign channel, so their members are not known.
 */
function documentedMembers({ member, otherMember, app }: Profile['fixtures']['users']) {
  const everyone = [app, member, otherMember];
  const people = [member, otherMember];
  return new Map<string, readonly string[]>([
    ['dm', everyone],
    ['mpdm', everyone],
    ['channel', everyone],
    ['dmWithoutApp', people],
    ['channelWithoutApp', people],
  ]);
}

/**
 * Whether `user` is in the fixture chat named `chat`, as the profile declares it (`isMember`), or
 * as the documentation of its chat names says where it lists no members; undefined if neither says.
 */
export function memberOf(profile: Profile, chat: string, user: string): boolean | undefined {
  if (profile.fixtures.members) return isMember(profile, chat, user);
  return documentedMembers(profile.fixtures.users).get(chat)?.includes(user);
}

/** A post the profile's fixtures make possible: the chat by name and id, and the recipient. */
export interface Post {
  chat: string;
  chatId: string;
  userId: string;
}

export interface PostWanted {
  /** Names of `fixtures.chats`, the preferred first. */
  chats: readonly string[];
  /** Who posts: `users.app` for an organization credential, the owner for a personal one. */
  poster: string;
  /** Whether the poster is to be a member (true unless said). */
  posterIn?: boolean;
  /** Candidate recipients, the preferred first. */
  recipients: readonly string[];
  /** Whether the recipient is to be a member (true unless said). */
  recipientIn?: boolean;
}

/**
 * A chat and a recipient whose memberships are as `wanted`, by what the profile declares
 * (`fixtures.members`): everything a check knows of the implementation's data comes from the
 * profile, so where it declares no such chat the case is not testable, never guessed.
 */
export function findPost(
  profile: Profile,
  { chats, poster, posterIn = true, recipients, recipientIn = true }: PostWanted,
): Post | undefined {
  for (const chat of chats) {
    const chatId = Object.hasOwn(profile.fixtures.chats, chat)
      ? profile.fixtures.chats[chat]
      : undefined;
    if (!chatId || memberOf(profile, chat, poster) !== posterIn) continue;
    const userId = recipients.find((user) => memberOf(profile, chat, user) === recipientIn);
    if (userId) return { chat, chatId, userId };
  }
  return undefined;
}

/** The people of the fixtures, as candidate recipients. */
export const people = ({ fixtures: { users } }: Profile) => [users.member, users.otherMember];

/**
 * A post of the organization bot that breaks no membership rule: the bot and the recipient are
 * members of one of `chats`.
 */
export function openPost(profile: Profile, chats: readonly string[] = OPEN_CHATS) {
  return findPost(profile, {
    chats,
    poster: profile.fixtures.users.app,
    recipients: people(profile),
  });
}

/** Why no chat of `chats` makes the post a case needs, for a note or a skip. */
export function noPost(chats: readonly string[], wanted: string): string {
  return `the profile declares no chat among ${chats.join(', ')} with ${wanted} (fixtures.members, format 3; formats 1 and 2 declare only the members documented for each chat name)`;
}

/** A post in words, for case names: `dm for users.member`. */
export function describePost(profile: Profile, { chat, userId }: Post): string {
  const name = Object.entries(profile.fixtures.users).find(([, id]) => id === userId)?.[0];
  return `${chat} for ${name ? `users.${name}` : userId}`;
}

/** Chats a personal token's owner may post to, those without the app first: it posts as the owner. */
export const OWNER_CHATS = ['dmWithoutApp', 'channelWithoutApp', 'dm', 'mpdm', 'channel'];

/** A post a personal token's owner can make: the owner and a person are members of the chat. */
export function ownerPost(profile: Profile, owner: string): Post | undefined {
  const recipients = [...people(profile).filter((u) => u !== owner), owner];
  return findPost(profile, { chats: OWNER_CHATS, poster: owner, recipients });
}

/** The postEphemeral call for `to` with `token` at `version`, its text and any more fields. */
export function postCall(
  token: string,
  version: string,
  { chatId, userId }: Post,
  text: string,
  extra: Record<string, unknown> = {},
) {
  return {
    path: '/v1/chat.postEphemeral',
    method: 'POST' as const,
    token,
    version,
    json: { chatId, userId, text, ...extra },
  };
}
