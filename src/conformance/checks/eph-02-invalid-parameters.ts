import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/**
 * EPH-02: `missing_parameter` without text; `invalid_parameter` for bad ids, DM threads, long
 * names, bad image URLs.
 */
export const eph02InvalidParameters: Check = tableCheck({
  requirements: ['EPH-02'],
  title: 'postEphemeral refuses missing text and invalid parameters with 400',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile }, token) => {
    const { chats, users } = profile.fixtures;
    const base = { chatId: chats.dm, userId: users.member, text: 'EPH-02' };
    const post = (json: Record<string, unknown>) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json,
    });
    const invalid = { status: 400, error: 'invalid_parameter' };
    const { text: _, ...withoutText } = base;
    return [
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
        name: 'threadTimestamp in a DM',
        call: post({ ...base, threadTimestamp: 1 }),
        expect: invalid,
      },
      {
        name: 'sender.name of 129 characters',
        call: post({ ...base, sender: { name: 'n'.repeat(129) } }),
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
  },
});
