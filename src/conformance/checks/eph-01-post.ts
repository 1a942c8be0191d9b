import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { needCredential } from '../needs.js';
import { unixMicroseconds } from '../units.js';

/**
 * EPH-01: postEphemeral answers `{ok: true, chatId, timestamp, threadTimestamp?}`, the timestamp in
 * integer Unix microseconds (SPEC.md, postEphemeral response; TYPE-03).
 */
export const eph01Post: Check = {
  requirements: ['EPH-01'],
  basis: 'stated',
  title: 'postEphemeral answers ok with the chat, a timestamp and the thread',
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 post /chat.postEphemeral',
      pin: context.version,
      scopes: ['chat:write'],
    });
    if ('skip' in need) return need;
    const { chats, users } = context.profile.fixtures;
    const cases: Array<[string, Record<string, unknown>]> = [
      ['a DM', { chatId: chats.dm, userId: users.member }],
      [
        'a channel thread',
        { chatId: chats.channel, userId: users.otherMember, threadTimestamp: 1785312000123456 },
      ],
    ];
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
        });
      }
    }
  },
};
