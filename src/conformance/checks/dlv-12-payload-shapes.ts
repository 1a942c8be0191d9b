import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  type Emission,
  type HookOptions,
  type SubscribedHook,
  nonce,
  withHooks,
} from '../reach/deliveries.js';
import { SAMPLE_EVENTS, fixtureChat } from '../reach/sample-events.js';
import { unixMicroseconds } from '../run/units.js';

const LOBBY_BOOKED = { booking: { responses: [{ question: 'Company', answer: 'Acme' }] } };

/**
 * DLV-12: payloads have the shapes the specification gives each event (unknown fields allowed). The check
 * only makes deliveries of a sample of events arrive: closing a hook holds each one to its
 * version's schema (deliveries.ts), as it does for every check. What a schema cannot say, the unit
 * of a chat message's `timestamp` (Unix microseconds, TYPE-03), is judged here. Chat events are in
 * the profile's own fixture chats with the app.
 */
export const dlv12PayloadShapes: Check = {
  requirements: ['DLV-12'],
  basis: 'stated',
  title: 'Deliveries match the payload schema of their event',
  shared: ['v0 transcript:started', 'v0 lobby:booked', 'v1 chat.message'],
  async run(context) {
    const { profile } = context;
    const events: Array<[HookOptions, Emission]> = [
      [
        { generation: 'v0', event: 'transcript:started' },
        { data: SAMPLE_EVENTS.transcriptStarted() },
      ],
      [{ generation: 'v0', event: 'lobby:booked' }, { data: LOBBY_BOOKED }],
    ];
    // Chat events need the profile's chats with the app; without them the others are still judged.
    const [dm, channel] = [fixtureChat(profile, 'dm'), fixtureChat(profile, 'channel')];
    if ('skip' in dm) context.note(`chat:message:dm was not sent: ${dm.reason}`);
    else
      events.push([
        { generation: 'v0', event: 'chat:message:dm' },
        SAMPLE_EVENTS.directMessage(nonce(), dm.id, profile.fixtures),
      ]);
    if ('skip' in channel) context.note(`chat.message was not sent: ${channel.reason}`);
    else
      events.push([
        { event: 'chat.message' },
        SAMPLE_EVENTS.chatMessage(nonce(), channel.id, profile.fixtures),
      ]);
    return withHooks(
      context,
      events.map(([options]) => options),
      async (hooks) => {
        for (const [i, [{ event }, emission]] of events.entries()) {
          const hook = hooks[i]!;
          const from = performance.now();
          await hook.emit(emission);
          if (!(await hook.arrived(1, 5000)))
            await reportNoneArrived(context, from, `no ${event} delivery arrived within 5 s`);
          else if (event === 'chat:message:dm') reportTimestampUnit(context, hook);
        }
      },
    );
  },
};

/** TYPE-03: a delivered chat message's `timestamp` is integer Unix microseconds. */
function reportTimestampUnit(context: CheckContext, hook: SubscribedHook): void {
  let payload: { timestamp?: unknown } | undefined;
  try {
    payload = JSON.parse(hook.received[0]!.body);
  } catch {
    return; // A body that is no JSON is DLV-01's finding.
  }
  const problem = unixMicroseconds(payload?.timestamp);
  if (problem)
    context.report({
      message: `chat:message:dm timestamp: ${problem}`,
      actual: payload?.timestamp,
    });
}
