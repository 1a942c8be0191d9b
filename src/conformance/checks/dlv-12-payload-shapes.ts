import type { Check } from '../check.js';
import { type HookOptions, nonce, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

const LOBBY_BOOKED = { booking: { responses: [{ question: 'Company', answer: 'Acme' }] } };
const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d';

/**
 * DLV-12: payloads have the shapes SPEC.md gives each event (unknown fields allowed). The check
 * only makes deliveries of a sample of events arrive: closing a hook holds each one to its
 * version's schema (deliveries.ts), as it does for every check.
 */
export const dlv12PayloadShapes: Check = {
  requirements: ['DLV-12'],
  title: 'Deliveries match the payload schema of their event',
  shared: ['v0 transcript:started', 'v0 lobby:booked', 'v1 chat.message'],
  async run(context) {
    const events: Array<[HookOptions, Record<string, unknown>]> = [
      [{ generation: 'v0', event: 'transcript:started' }, SAMPLE_EVENTS.transcriptStarted()],
      [{ generation: 'v0', event: 'lobby:booked' }, LOBBY_BOOKED],
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
        }
      },
    );
  },
};
