import type { Check } from '../check.js';
import type { CheckContext } from '../context.js';
import { type HookOptions, type SubscribedHook, nonce, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';
import { unixMicroseconds } from '../units.js';

const LOBBY_BOOKED = { booking: { responses: [{ question: 'Company', answer: 'Acme' }] } };
const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d';

/**
 * DLV-12: payloads have the shapes SPEC.md gives each event (unknown fields allowed). The check
 * only makes deliveries of a sample of events arrive: closing a hook holds each one to its
 * version's schema (deliveries.ts), as it does for every check. What a schema cannot say, the unit
 * of a chat message's `timestamp` (Unix microseconds, TYPE-03), is judged here.
 */
export const dlv12PayloadShapes: Check = {
  requirements: ['DLV-12'],
  basis: 'stated',
  title: 'Deliveries match the payload schema of their event',
  shared: ['v0 transcript:started', 'v0 lobby:booked', 'v1 chat.message'],
  async run(context) {
    const events: Array<[HookOptions, Record<string, unknown>]> = [
      [{ generation: 'v0', event: 'transcript:started' }, SAMPLE_EVENTS.transcriptStarted()],
      [{ generation: 'v0', event: 'lobby:booked' }, LOBBY_BOOKED],
      [{ generation: 'v0', event: 'chat:message:dm' }, SAMPLE_EVENTS.directMessage(nonce())],
      [{ event: 'chat.message' }, SAMPLE_EVENTS.chatMessage(nonce(), GROUP, PERSON)],
    ];
    return withHooks(
      context,
      events.map(([options]) => options),
      async (hooks) => {
        for (const [i, [{ event }, data]] of events.entries()) {
          const hook = hooks[i]!;
          await hook.emit({ data });
          if (!(await hook.arrived(1, 5000)))
            context.report({ message: `no ${event} delivery arrived within 5 s` });
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
