import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { openHook, until } from '../deliveries.js';
import { connectEphemeralStream } from '../ephemeral-stream.js';
import { needCredential } from '../needs.js';

/**
 * EPH-05: an ephemeral message reaches the recipient's connected client live and is never a
 * `chat.message` event. (That it is not in history or search cannot be asked: the contract has no
 * read of either.) The client connects as the recipient: with the profile's credential whose `user`
 * is the member, if it lists one; a stream that refuses the suite's client makes the check not
 * testable, not failed, since the stream is the implementation's own and outside the contract.
 */
export const eph05NeverStored: Check = {
  requirements: ['EPH-05'],
  basis: 'stated',
  title: 'An ephemeral message goes live to the recipient and never becomes chat.message',
  shared: ['v1 chat.message'],
  async run(context) {
    const { profile } = context;
    if (!profile.ephemeralStream)
      return {
        skip: 'not_testable',
        reason: 'the profile names no ephemeralStream to watch live delivery on',
      };
    const need = needCredential(context, {
      operation: 'v1 post /chat.postEphemeral',
      pin: context.version,
      scopes: ['chat:write'],
    });
    if ('skip' in need) return need;
    const member = profile.fixtures.users.member;
    const asMember = profile.credentials.find((c) => !c.revoked && c.user === member)?.token;
    const stream = await connectEphemeralStream(profile.ephemeralStream, member, asMember);
    if (stream.status === 401 || stream.status === 403) {
      await stream.close();
      return {
        skip: 'not_testable',
        reason: `the ephemeralStream answered ${stream.status}${asMember ? " to the member's credential" : '; the profile lists no credential whose user is fixtures.users.member'}`,
      };
    }
    const text = `EPH-05 ${Date.now()} ${Math.random()}`;
    let hook: Awaited<ReturnType<typeof openHook>> | undefined;
    try {
      hook = await openHook(context, { event: 'chat.message' });
      const answer = await context.call({
        path: '/v1/chat.postEphemeral',
        method: 'POST',
        token: need.token,
        json: { chatId: profile.fixtures.chats.dm, userId: profile.fixtures.users.member, text },
      });
      const seen = () => stream.messages.some((m) => JSON.stringify(m).includes(text));
      if (answer.status !== 200 || !(await until(seen, 3000)))
        context.report({
          message: "the recipient's connected client did not receive the message",
          expected: text,
          actual: stream.messages,
        });
      if (!('skip' in hook)) {
        await sleep(500);
        const leaked = hook.received.filter((r) => r.body.includes(text));
        if (leaked.length)
          context.report({
            message: 'the ephemeral message was delivered as chat.message',
            expected: 'no delivery',
            actual: leaked.map((r) => r.body),
          });
      }
    } finally {
      await stream.close();
      if (hook && !('skip' in hook)) await hook.close();
    }
  },
};
