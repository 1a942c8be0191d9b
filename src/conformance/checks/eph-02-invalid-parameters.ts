import type { Check } from '../run/check.js';
import { textOfCharacters } from '../run/mixed-width-text.js';
import { CHAT_SCOPES, OPEN_CHATS, describePost, noPost, openPost } from '../run/needs.js';
import { type Case, tableCheck } from '../run/table-check.js';

/** EPH-02: "400 in DMs and multi-person DMs", each a fixture chat of its own. */
const THREADLESS_CHATS = ['dm', 'mpdm'] as const;
/** EPH-02: the longest `sender.name`, in characters (code points, as `maxLength` counts them). */
const MAX_NAME = 128;

/**
 * EPH-02: `missing_parameter` without text; `invalid_parameter` for bad ids, DM threads, long
 * names, bad image URLs. A name of exactly 128 characters is accepted, also when its characters
 * take 1 to 4 bytes each (320 bytes, 160 UTF-16 code units), and 129 are refused. Every post is
 * otherwise one the fixtures allow (the bot and the recipient are members), the thread one to a DM.
 */
export const eph02InvalidParameters: Check = tableCheck({
  requirements: ['EPH-02'],
  basis: 'stated',
  title:
    'postEphemeral refuses missing text and invalid parameters with 400, takes a 128-character name',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    oneOf: CHAT_SCOPES,
  }),
  cases: ({ profile, note }, token) => {
    const open = openPost(profile);
    if (!open)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const base = { chatId: open.chatId, userId: open.userId, text: 'EPH-02' };
    const post = (json: Record<string, unknown>) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json,
    });
    const invalid = { status: 400, error: 'invalid_parameter' };
    const { text: _, ...withoutText } = base;
    // "400 in DMs and multi-person DMs": one case per kind the profile has a post for.
    const thread: Case[] = [];
    for (const kind of THREADLESS_CHATS) {
      const dm = openPost(profile, [kind]);
      if (!dm) {
        note(
          `threadTimestamp in a ${kind} was not sent: ${noPost([kind], 'the app and a person as members')}`,
        );
        continue;
      }
      thread.push({
        name: `threadTimestamp in a ${kind}, to ${describePost(profile, dm)}`,
        call: post({ chatId: dm.chatId, userId: dm.userId, text: 'EPH-02', threadTimestamp: 1 }),
        expect: invalid,
      });
    }
    const cases: Case[] = [
      {
        name: 'no text',
        call: post(withoutText),
        expect: { status: 400, error: 'missing_parameter' },
      },
      {
        name: 'a chatId that is not a UUID',
        call: post({ ...base, chatId: 'general' }),
        expect: invalid,
      },
      {
        name: 'a userId that is not a UUID',
        call: post({ ...base, userId: 'ada' }),
        expect: invalid,
      },
      {
        name: `sender.name of ${MAX_NAME} characters`,
        call: post({ ...base, sender: { name: 'n'.repeat(MAX_NAME) } }),
        expect: { status: 200 },
      },
      {
        name: `sender.name of ${MAX_NAME} characters of 1 to 4 bytes`,
        call: post({ ...base, sender: { name: textOfCharacters(MAX_NAME) } }),
        expect: { status: 200 },
      },
      {
        name: `sender.name of ${MAX_NAME + 1} characters`,
        call: post({ ...base, sender: { name: 'n'.repeat(MAX_NAME + 1) } }),
        expect: invalid,
      },
      {
        name: `sender.name of ${MAX_NAME + 1} characters of 1 to 4 bytes`,
        call: post({ ...base, sender: { name: textOfCharacters(MAX_NAME + 1) } }),
        expect: invalid,
      },
      {
        name: 'a relative sender.imageUrl',
        call: post({ ...base, sender: { imageUrl: '/photos/people/a.png' } }),
        expect: invalid,
      },
      {
        name: 'an ftp sender.imageUrl',
        call: post({ ...base, sender: { imageUrl: 'ftp://example.com/photos/people/a.png' } }),
        expect: invalid,
      },
    ];
    // Each case says where it posts: the refusal is for its parameter, not for the chat.
    const where = describePost(profile, open);
    return [...cases.map((c) => ({ ...c, name: `${c.name}, otherwise to ${where}` })), ...thread];
  },
});
