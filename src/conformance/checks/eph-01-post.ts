import type { Check } from '../run/check.js';
import { expectAnswer } from '../run/expect-answer.js';
import {
  CHANNELS,
  CHAT_SCOPES,
  OPEN_CHATS,
  describePost,
  needCredential,
  noPost,
  openPost,
} from '../run/needs.js';
import { unixMicroseconds } from '../run/units.js';

/**
 * EPH-01: postEphemeral answers `{ok: true, chatId, timestamp, threadTimestamp?}`, the timestamp in
 * integer Unix microseconds (the specification, postEphemeral response; TYPE-03). A thread is for channels
 * only, so the thread case needs a channel the bot and the recipient are in; the plain case any
 * chat, a DM preferred.
 */
export const eph01Post: Check = {
  requirements: ['EPH-01'],
  basis: 'stated',
  title: 'postEphemeral answers ok with the chat, a timestamp and the thread',
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 post /chat.postEphemeral',
      pin: context.version,
      oneOf: CHAT_SCOPES,
    });
    if ('skip' in need) return need;
    const { profile } = context;
    const plain = openPost(profile);
    const thread = openPost(profile, CHANNELS);
    if (!plain)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const cases: Array<[string, Record<string, unknown>]> = [
      [`a post to ${describePost(profile, plain)}`, { chatId: plain.chatId, userId: plain.userId }],
    ];
    if (thread)
      cases.push([
        `a post into a thread of ${describePost(profile, thread)}`,
        { chatId: thread.chatId, userId: thread.userId, threadTimestamp: 1785312000123456 },
      ]);
    else
      context.note(
        `the thread was not posted to: ${noPost(CHANNELS, 'the app and a person as members')}`,
      );
    for (const [name, fields] of cases) {
      const answer = await context.call({
        path: '/v1/chat.postEphemeral',
        method: 'POST',
        token: need.token,
        json: { ...fields, text: 'EPH-01' },
      });
      if (!expectAnswer(context, name, answer, { status: 200 })) continue;
      const { ok, chatId, timestamp, threadTimestamp } = answer.body ?? {};
      const unit = unixMicroseconds(timestamp);
      if (
        ok !== true ||
        chatId !== fields.chatId ||
        unit !== undefined ||
        threadTimestamp !== fields.threadTimestamp
      ) {
        context.report({
          message: `${name}: the answer does not name the chat, a timestamp in microseconds and the thread${unit ? ` (timestamp ${unit})` : ''}`,
          expected: {
            ok: true,
            chatId: fields.chatId,
            timestamp: 'integer Unix microseconds',
            threadTimestamp: fields.threadTimestamp,
          },
          actual: answer.body,
          answer,
        });
      }
    }
  },
};
