import { parseWebhook } from '../../webhooks/parse.js';
import type { Check } from '../check.js';
import { withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

const LOBBY_BOOKED = { booking: { responses: [{ question: 'Company', answer: 'Acme' }] } };

/** DLV-12: v0 payloads have the shapes SPEC.md gives each event (unknown fields allowed). */
export const dlv12PayloadShapes: Check = {
  requirements: ['DLV-12'],
  title: 'v0 deliveries match the payload schema of their event',
  async run(context) {
    const events: Array<[string, Record<string, unknown>]> = [
      ['transcript:started', SAMPLE_EVENTS.transcriptStarted()],
      ['lobby:booked', LOBBY_BOOKED],
    ];
    return withHooks(
      context,
      events.map(([event]) => ({ generation: 'v0' as const, event })),
      async (hooks) => {
        for (const [i, [event, data]] of events.entries()) {
          const hook = hooks[i]!;
          await hook.emit({ data });
          if (!(await hook.arrived(1, 5000))) {
            context.report({ message: `no ${event} delivery arrived within 5 s` });
            continue;
          }
          const parsed = parseWebhook({ version: 'v0', event, body: hook.received[0]!.body });
          if (!parsed.ok)
            context.report({
              message: `the ${event} payload breaks its schema`,
              expected: 'valid',
              actual: parsed.diagnostics,
            });
        }
      },
    );
  },
};
