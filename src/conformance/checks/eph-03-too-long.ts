import type { Check } from '../run/check.js';
import { textOfBytes } from '../run/mixed-width-text.js';
import { CHAT_SCOPES, OPEN_CHATS, describePost, noPost, openPost } from '../run/needs.js';
import { tableCheck } from '../run/table-check.js';

/** EPH-03: the longest text, in bytes of UTF-8 (`x-max-bytes` of the request schema). */
const MAX_TEXT_BYTES = 8000;

/**
 * EPH-03: more than 8,000 bytes of UTF-8 text gives 413 `msg_too_long`; exactly 8,000 is accepted.
 * Both texts mix 1- to 4-byte characters: counted as characters or as UTF-16 they are on the other
 * side of the limit.
 */
export const eph03TooLong: Check = tableCheck({
  requirements: ['EPH-03'],
  basis: 'stated',
  title: 'Text of 8,000 UTF-8 bytes is accepted; over 8,000 gives 413 msg_too_long',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    oneOf: CHAT_SCOPES,
  }),
  cases: ({ profile }, token) => {
    const open = openPost(profile);
    if (!open)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const post = (text: string) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json: { chatId: open.chatId, userId: open.userId, text },
    });
    const where = `to ${describePost(profile, open)}`;
    const exact = textOfBytes(MAX_TEXT_BYTES);
    const over = textOfBytes(MAX_TEXT_BYTES + 1);
    return [
      // Two bytes per character: 4,000 characters are 8,000 bytes.
      { name: `8,000 bytes of é ${where}`, call: post('é'.repeat(4000)), expect: { status: 200 } },
      {
        name: `8,000 bytes in ${[...exact].length} characters of 1 to 4 bytes ${where}`,
        call: post(exact),
        expect: { status: 200 },
      },
      {
        name: `8,001 bytes in 4,001 characters ${where}`,
        call: post(`${'é'.repeat(4000)}a`),
        expect: { status: 413, error: 'msg_too_long' },
      },
      {
        name: `8,001 bytes in ${[...over].length} characters of 1 to 4 bytes ${where}`,
        call: post(over),
        expect: { status: 413, error: 'msg_too_long' },
      },
    ];
  },
});
