import type { Check, Skip } from '../check.js';
import {
  type Settled,
  type SubscribedHook,
  carries,
  nonce,
  openHook,
  settleBehind,
  until,
} from '../deliveries.js';
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
import { SAMPLE_EVENTS, fixtureChat } from '../sample-events.js';
import { watchLoopLag } from '../timing.js';
import { waitUndisturbed } from '../timing-quiet.js';

/**
 * EPH-05: an ephemeral message reaches the recipient's connected client live and is never a
 * `chat.message` event. (That it is not in history or search cannot be asked: the contract has no
 * read of either.) The client connects as the recipient: with the profile's credential whose `user`
 * is the recipient, if it lists one; a stream that refuses the suite's client makes the check not
 * testable, not failed, since the stream is the implementation's own and outside the contract. The
 * recipient and the chat are ones the profile declares members of one chat with the app, a person
 * with a credential of their own preferred. A `chat.message` the post emitted would be delivered
 * asynchronously: it is waited for behind a marker (`judgeLeak`), not for a fixed time, which a
 * busy machine outlasts.
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
      const lag = watchLoopLag();
      const live = answer.status === 200 && (await until(seen, STREAM_PATIENCE_MS));
      const stalledMs = lag.stop();
      // The suite's own stalls can hold back its reading of the stream: measure again.
      if (answer.status === 200 && !live && stalledMs >= STREAM_PATIENCE_MS / 2)
        return {
          skip: 'not_testable',
          rerun: true,
          reason: `the ephemeral message did not show on the recipient's stream within ${STREAM_PATIENCE_MS} ms, while the suite's own event loop stalled for ${Math.round(stalledMs)} ms; run on a less busy machine`,
        };
      if (!live)
        context.report({
          message: `the connected client of the recipient of a post to ${describePost(profile, to)} did not receive it`,
          expected: text,
          actual: stream.messages,
          answer,
        });
      if (!('skip' in hook)) return await judgeLeak(context, hook, text);
    } finally {
      await stream.close();
      if (hook && !('skip' in hook)) await hook.close();
    }
  },
};

/** How long the recipient's stream may take to show the message. */
const STREAM_PATIENCE_MS = 3000;

/**
 * Whether the post emitted `chat.message` (EPH-05): the implementation emits an event
 * asynchronously, so the check emits a marker message after the post and waits for it, and as
 * long again (`settleBehind`): a message the post emitted has had the marker's chance to arrive,
 * however busy the machine. The marker is a message in the fixture channel with the app that
 * mentions the app, heard at every version (VER-11); a profile without that channel gets a wait of
 * `QUIET_MS` in which the suite's own event loop did not stall.
 */
async function judgeLeak(
  context: CheckContext,
  hook: SubscribedHook,
  text: string,
): Promise<Skip | undefined> {
  const channel = fixtureChat(context.profile, 'channel');
  let settled: Settled | undefined;
  if ('skip' in channel) await waitUndisturbed(QUIET_MS, 10 * QUIET_MS);
  else {
    const marker = nonce();
    const { fixtures } = context.profile;
    settled = await settleBehind(
      hook,
      SAMPLE_EVENTS.chatMessage(marker, channel.id, fixtures),
      marker,
    );
  }
  const leaked = hook.received.filter((r) => carries(r, text));
  if (leaked.length)
    return void context.report({
      message: 'the ephemeral message was delivered as chat.message',
      expected: 'no delivery',
      actual: leaked.map((r) => r.body),
    });
  if (!settled || settled.came) return undefined;
  const stalled = settled.stalledMs >= settled.tookMs / 2;
  return {
    skip: 'not_testable',
    ...(stalled ? { rerun: true } : {}),
    reason: `a chat.message the suite emitted after the post did not arrive within ${Math.round(settled.tookMs)} ms${stalled ? `, while the suite's own event loop stalled for ${Math.round(settled.stalledMs)} ms` : ''}, so one the post emitted might still be on its way`,
  };
}

/** The wait behind the post where the profile names no channel to emit a marker in. */
const QUIET_MS = 500;

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
