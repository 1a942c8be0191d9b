import { describe, expect, it } from 'vitest';
import { findPost, memberOf } from '../../../src/conformance/run/needs.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';

const users = { member: 'ada', otherMember: 'grace', app: 'bot', unknown: 'nobody' };
const chats = { dm: 'c-dm', mpdm: 'c-mpdm', channel: 'c-channel', dmWithoutApp: 'c-dm2' };
const profileWith = (members?: Record<string, string[]>) =>
  ({ fixtures: { users, chats, ...(members ? { members } : {}) } }) as unknown as Profile;
const declared = profileWith({
  dm: ['ada', 'bot'],
  mpdm: ['ada', 'grace', 'bot'],
  dmWithoutApp: ['ada', 'grace'],
});

describe('the chats a check posts to, from the profile', () => {
  it.each([
    ['a declared member', { given: [declared, 'dm', 'ada'], want: true }],
    ['a declared non-member', { given: [declared, 'dm', 'grace'], want: false }],
    ['a chat the declaration leaves out', { given: [declared, 'channel', 'ada'], want: undefined }],
    ['an inherited name is no chat', { given: [declared, 'constructor', 'ada'], want: undefined }],
    [
      'no declaration: what the profile documentation says of the name',
      { given: [profileWith(), 'dm', 'grace'], want: true },
    ],
    [
      'no declaration, a chat the documentation says nothing of',
      { given: [profileWith(), 'archivedChannel', 'ada'], want: undefined },
    ],
  ] as const)('%s', (_, { given: [profile, chat, user], want }) => {
    expect(memberOf(profile, chat, user)).toBe(want);
  });

  it.each([
    [
      'the first chat with the bot and a person',
      { chats: ['dm', 'mpdm'], poster: 'bot', recipients: ['grace', 'ada'] },
      { chat: 'dm', chatId: 'c-dm', userId: 'ada' },
    ],
    [
      'a person outside a chat of the bot',
      { chats: ['dm', 'mpdm'], poster: 'bot', recipients: ['ada', 'grace'], recipientIn: false },
      { chat: 'dm', chatId: 'c-dm', userId: 'grace' },
    ],
    [
      'a chat without the bot',
      { chats: ['dm', 'dmWithoutApp'], poster: 'bot', posterIn: false, recipients: ['ada'] },
      { chat: 'dmWithoutApp', chatId: 'c-dm2', userId: 'ada' },
    ],
    [
      'none declared: undefined, never a guess',
      { chats: ['channel'], poster: 'bot', recipients: ['ada'] },
      undefined,
    ],
  ] as const)('%s', (_, wanted, want) => {
    expect(
      findPost(declared, {
        ...wanted,
        chats: [...wanted.chats],
        recipients: [...wanted.recipients],
      }),
    ).toEqual(want);
  });
});
