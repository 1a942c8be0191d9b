import type { Check } from '../check.js';
import type { Diagnostic } from '../diagnostic.js';
import { expectAnswer, finding } from '../expect-answer.js';
import { needCredential } from '../needs.js';

/** EPH-01: postEphemeral answers `{ok: true, chatId, timestamp, threadTimestamp?}`. */
export const eph01Post: Check = {
  id: 'eph-01-post',
  requirements: ['EPH-01'],
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
    const diagnostics: Diagnostic[] = [];
    for (const [name, fields] of cases) {
      const answer = await context.call({
        path: '/v1/chat.postEphemeral',
        method: 'POST',
        token: need.token,
        json: { ...fields, text: 'EPH-01' },
      });
      const failed = expectAnswer(this.id, 'EPH-01', name, answer, { status: 200 });
      if (failed.length) {
        diagnostics.push(...failed);
        continue;
      }
      const { ok, chatId, timestamp, threadTimestamp } = answer.body ?? {};
      if (
        ok !== true ||
        chatId !== fields.chatId ||
        typeof timestamp !== 'number' ||
        threadTimestamp !== fields.threadTimestamp
      ) {
        diagnostics.push(
          finding(
            this.id,
            'EPH-01',
            `${name}: the answer does not name the chat, a timestamp and the thread`,
            {
              ok: true,
              chatId: fields.chatId,
              timestamp: 'a number',
              threadTimestamp: fields.threadTimestamp,
            },
            answer.body,
          ),
        );
      }
    }
    return diagnostics;
  },
};
