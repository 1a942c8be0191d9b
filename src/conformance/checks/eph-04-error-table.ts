import { randomUUID } from 'node:crypto';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import type { Expected } from '../run/expect-answer.js';
import {
  CHAT_SCOPES,
  OPEN_CHATS,
  OWNER_CHATS,
  type Post,
  describePost,
  findPost,
  noPost,
  openPost,
  ownerPost,
  people,
  postCall,
} from '../run/needs.js';
import { type Case, tableCheck } from '../run/table-check.js';

/** One row of the table: the post the profile's fixtures make for it, and the answer it wants. */
interface Row {
  name: string;
  to: Post | undefined;
  /** What the profile would have to declare for the row, when it does not. */
  wanted: string;
  expect: Expected;
}

/**
 * EPH-04: the error table of postEphemeral, each row posted where the profile's fixtures make its
 * case and nothing else wrong (`fixtures.members`): a row the profile declares no chat for is
 * noted, not guessed. "The organization bot ... must be a member of the chat, otherwise 403
 * `not_in_chat`", for channels of the backing group, so a channel without the bot may also say
 * `not_in_group`.
 */
export const eph04ErrorTable: Check = tableCheck({
  requirements: ['EPH-04'],
  basis: 'stated',
  title: 'postEphemeral gives each error of the table for its case',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    oneOf: CHAT_SCOPES,
  }),
  cases: (context, token) => {
    const cases: Case[] = [];
    for (const { name, to, wanted, expect } of rows(context)) {
      if (to)
        cases.push({
          name: `${name}: ${describePost(context.profile, to)}`,
          call: postCall(token, context.version, to, 'EPH-04'),
          expect,
        });
      else context.note(`${name} went untested: ${wanted}`);
    }
    return [
      ...cases,
      ...credentialCases(context),
      {
        name: 'GET instead of POST',
        call: { path: '/v1/chat.postEphemeral', token },
        expect: { status: 405 },
      },
    ];
  },
});

function rows({ profile }: CheckContext): Row[] {
  const { users, chats } = profile.fixtures;
  const app = users.app;
  const open = openPost(profile);
  const missing = (chat: string, wanted: string) => noPost([chat], wanted);
  const within = (chat: string, posterIn: boolean) =>
    findPost(profile, { chats: [chat], poster: app, posterIn, recipients: people(profile) });
  return [
    {
      name: 'an unknown chat',
      // A fresh UUID: no implementation has that chat.
      to: open && { chat: 'a new UUID', chatId: randomUUID(), userId: open.userId },
      wanted: noPost(OPEN_CHATS, 'the app and a person as members'),
      expect: { status: 404, error: 'chat_not_found' },
    },
    {
      name: 'a recipient that is no user',
      to: open && { ...open, userId: users.unknown },
      wanted: noPost(OPEN_CHATS, 'the app and a person as members'),
      expect: { status: 404, error: 'user_not_found' },
    },
    {
      name: 'a recipient outside the chat',
      to: findPost(profile, {
        chats: OPEN_CHATS,
        poster: app,
        recipients: people(profile),
        recipientIn: false,
      }),
      wanted: noPost(
        OPEN_CHATS,
        'the app as a member and users.member or users.otherMember outside it',
      ),
      expect: { status: 400, error: 'user_not_in_chat' },
    },
    {
      name: 'an archived channel',
      to: within('archivedChannel', true),
      wanted: missing('archivedChannel', 'the app and a person as members'),
      expect: { status: 400, error: 'is_archived' },
    },
    {
      name: 'a DM without the app',
      to: within('dmWithoutApp', false),
      wanted: missing('dmWithoutApp', 'a person as a member and the app not'),
      expect: { status: 403, error: 'not_in_chat' },
    },
    {
      name: 'a channel without the app',
      to: within('channelWithoutApp', false),
      wanted: missing('channelWithoutApp', 'a person as a member and the app not'),
      expect: { status: 403, error: ['not_in_group', 'not_in_chat'] },
    },
    {
      name: "another workspace's channel",
      // The group is not found, so who the recipient is cannot matter.
      to: Object.hasOwn(chats, 'foreignChannel')
        ? { chat: 'foreignChannel', chatId: chats.foreignChannel!, userId: users.member }
        : undefined,
      wanted: 'the profile names no foreignChannel',
      expect: { status: 403, error: 'group_not_found' },
    },
  ];
}

/**
 * The rows whose case is the credential, each posting with its own where the profile lists one:
 * an organization credential with neither chat scope ("missing scope", 403; no code is given) and
 * a personal token sending `sender` (400 `access_mode_not_supported`).
 */
function credentialCases(context: CheckContext): Case[] {
  const { profile, version, note } = context;
  const live = profile.credentials.filter((c) => !c.revoked);
  const chatScoped = (c: (typeof live)[number]) => CHAT_SCOPES.some((s) => c.scopes.includes(s));
  const cases: Case[] = [];
  const scopeless = live.find((c) => c.access === 'organization' && !chatScoped(c));
  const open = openPost(profile);
  if (scopeless && open)
    cases.push({
      name: `a credential without chat:write or chat:send_message: ${describePost(profile, open)}`,
      call: postCall(scopeless.token, version, open, 'EPH-04'),
      expect: { status: 403 },
    });
  else
    note(
      'the missing-scope row went untested: the profile lists no organization credential without chat scopes, or no open chat',
    );
  const personal = live.find((c) => c.access === 'personal' && chatScoped(c) && c.user);
  const owned = personal?.user ? ownerPost(profile, personal.user) : undefined;
  if (personal && owned)
    cases.push({
      name: `a personal token sending sender: ${describePost(profile, owned)}`,
      call: postCall(personal.token, version, owned, 'EPH-04', { sender: { id: 'helper' } }),
      expect: { status: 400, error: 'access_mode_not_supported' },
    });
  else
    note(
      `the access_mode_not_supported row went untested: the profile lists no personal token with a chat scope and a user, or ${noPost(OWNER_CHATS, "the token's user and a person as members")}`,
    );
  return cases;
}
