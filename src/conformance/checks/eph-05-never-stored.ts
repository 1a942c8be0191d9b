import type { Check, Skip } from '../run/check.js';
import {
  type Emission,
  type SubscribedHook,
  carries,
  nonce,
  openHook,
  waitMs,
} from '../reach/deliveries.js';
import { ANSWER_WINDOW_MS, type Settled, awaitHearing, settleBehind } from '../reach/settle.js';
import { connectEphemeralStream } from '../reach/ephemeral-stream.js';
import type { CheckContext } from '../run/context.js';
import {
  CHAT_SCOPES,
  OPEN_CHATS,
  describePost,
  findPost,
  needCredential,
  noPost,
  people,
} from '../run/needs.js';
import { SAMPLE_EVENTS, fixtureChat } from '../reach/sample-events.js';
import { watchLoopLag } from '../timing/timing.js';
import { until } from '../timing/until.js';

/**
 * EPH-05: an ephemeral message reaches the recipient's connected client live, once (at most once),
 * and is never a `chat.message` event. (That it is not in history or search cannot be asked: the
 * contract has no read of either.) The client connects as the recipient: with the profile's credential whose `user`
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
    const markerOf = markerMessage(context);
    let hook: Awaited<ReturnType<typeof openHook>> | undefined;
    let posted: Watch['posted'] | undefined;
    try {
      hook = await openHook(context, { event: 'chat.message' });
      // A post's chat.message shows only on a subscription that hears: one of the suite's own
      // messages must reach it first.
      const hearing = 'skip' in hook || !markerOf ? undefined : await awaitHearing(hook, markerOf);
      const answer = await context.call({
        path: '/v1/chat.postEphemeral',
        method: 'POST',
        token: need.token,
        json: { chatId: to.chatId, userId: to.userId, text },
      });
      posted = { at: performance.now(), lag: watchLoopLag() };
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
      const leak =
        'skip' in hook
          ? undefined
          : await judgeLeak(context, { hook, text, markerOf, hearing, posted });
      if (live) judgeCopies(context, stream.messages, text);
      return leak;
    } finally {
      posted?.lag.stop();
      await stream.close();
      if (hook && !('skip' in hook)) await hook.close();
    }
  },
};

/**
 * "Best-effort, at-most-once": the connected client got the message once, counted after the leak
 * was judged (time enough for a second copy) or, without a subscription, as soon as it showed.
 */
function judgeCopies(context: CheckContext, messages: readonly unknown[], text: string) {
  const copies = messages.filter((m) => JSON.stringify(m).includes(text));
  if (copies.length > 1)
    context.report({
      message: `the recipient's connected client received the ephemeral message ${copies.length} times, not at most once`,
      expected: 1,
      actual: copies,
    });
}

/** How long the recipient's stream may take to show the message. */
const STREAM_PATIENCE_MS = 3000;

/**
 * The check's marker message: one in the fixture channel with the app that mentions the app,
 * heard at every version (VER-11); none where the profile names no such channel.
 */
function markerMessage({ profile }: CheckContext): ((marker: string) => Emission) | undefined {
  const channel = fixtureChat(profile, 'channel');
  if ('skip' in channel) return undefined;
  return (marker) => SAMPLE_EVENTS.chatMessage(marker, channel.id, profile.fixtures);
}

/** What the check watches for a `chat.message` the post emitted. */
interface Watch {
  hook: SubscribedHook;
  /** The posted text: an emitted message carries it. */
  text: string;
  markerOf: ((marker: string) => Emission) | undefined;
  /** How the subscription was shown to hear before the post; undefined without a marker. */
  hearing: Settled | undefined;
  /** When the post was answered, and the suite's stalls since. */
  posted: { at: number; lag: { stop(): number } };
}

/**
 * Whether the post emitted `chat.message` (EPH-05), judged once such a message has had its chance
 * to arrive, however busy the machine. It is emitted asynchronously: the check emits a marker
 * message after the post and waits for it, and as long again (`settleBehind`), which covers the
 * time a delivery takes under the present load. And its first attempt may have failed, an attempt
 * having 3 s to be answered (DLV-08), to come on the retry a second later (DLV-07): so the check
 * also waits until that much time, and the marker's, has passed since the post in which the
 * suite's own event loop did not stall. Where the subscription was not shown to hear before the
 * post (`hearing`), or the marker never came, a post that emitted nothing is not testable.
 */
async function judgeLeak(
  context: CheckContext,
  { hook, text, markerOf, hearing, posted }: Watch,
): Promise<Skip | undefined> {
  const leaked = () => hook.received.filter((r) => carries(r, text));
  let settled: Settled | undefined;
  if (markerOf && !leaked().length) {
    const marker = nonce();
    settled = await settleBehind(hook, markerOf(marker), marker);
  }
  const coverMs = ANSWER_WINDOW_MS + waitMs(context, 2) + (settled?.tookMs ?? 0);
  const quietMs = performance.now() - posted.at - posted.lag.stop();
  if (quietMs < coverMs) await until(() => leaked().length > 0, coverMs - quietMs);
  const leak = leaked();
  if (leak.length)
    return void context.report({
      message: 'the ephemeral message was delivered as chat.message',
      expected: 'no delivery',
      actual: leak.map((r) => r.body),
    });
  const unsure = [hearing, settled].find((s) => s && !s.came);
  if (!unsure) return undefined;
  const stalled = unsure.stalledMs >= unsure.tookMs / 2;
  const what =
    unsure === hearing
      ? `none of the messages the suite emitted before the post reached its chat.message subscription within ${Math.round(unsure.tookMs)} ms`
      : `a chat.message the suite emitted after the post did not arrive within ${Math.round(unsure.tookMs)} ms`;
  return {
    skip: 'not_testable',
    ...(stalled ? { rerun: true } : {}),
    reason: `${what}${stalled ? `, while the suite's own event loop stalled for ${Math.round(unsure.stalledMs)} ms` : ''}, so whether the post emitted one could not be seen`,
  };
}

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
