import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { openHook, until } from '../deliveries.js';
import { connectEphemeralStream } from '../ephemeral-stream.js';
import type { CheckContext } from '../context.js';
import {
  CHAT_SCOPES,
  OPEN_CHATS,
  describePost,
  findPost,
  needCredential,
  noPost,
  people,
} from '../needs.js';

/**
 * EPH-05: an ephemeral message reaches the recipient's connected client live and is never a
 * `chat.message` event. (That it is not in history or search cannot be asked: the contract has no
 * read of either.) The client connects as the recipient: with the profile's credential whose `user`
 * is the recipient, if it lists one; a stream that refuses the suite's client makes the check not
 * testable, not failed, since the stream is the implementation's own and outside the contract. The
 * recipient and the chat are ones the profile declares members of one chat with the app, a person
 * with a credential of their own preferred.
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
      oneOf: CHAT_SCOPES,
    });
    if ('skip' in need) return need;
    const to = findPost(profile, {
      chats: OPEN_CHATS,
      poster: profile.fixtures.users.app,
      recipients: recipients(context),
    });
    if (!to)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const who = userName(context, to.userId);
    const asRecipient = profile.credentials.find((c) => !c.revoked && c.user === to.userId)?.token;
    const stream = await connectEphemeralStream(profile.ephemeralStream, to.userId, asRecipient);
    if (stream.status === 401 || stream.status === 403) {
      await stream.close();
      return {
        skip: 'not_testable',
        reason: `the ephemeralStream answered ${stream.status}${asRecipient ? ` to the credential of ${who}` : `; the profile lists no credential whose user is ${who}`}`,
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
        json: { chatId: to.chatId, userId: to.userId, text },
      });
      const seen = () => stream.messages.some((m) => JSON.stringify(m).includes(text));
      if (answer.status !== 200 || !(await until(seen, 3000)))
        context.report({
          message: `the connected client of the recipient of a post to ${describePost(profile, to)} did not receive it`,
          expected: text,
          actual: stream.messages,
          answer,
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

/** The people of the fixtures, those with a credential of their own (who can read a stream) first. */
function recipients({ profile }: CheckContext): string[] {
  const own = (user: string) => profile.credentials.some((c) => !c.revoked && c.user === user);
  const all = people(profile);
  return [...all.filter(own), ...all.filter((user) => !own(user))];
}

function userName({ profile }: CheckContext, id: string): string {
  const name = Object.entries(profile.fixtures.users).find(([, user]) => user === id)?.[0];
  return name ? `fixtures.users.${name}` : id;
}
