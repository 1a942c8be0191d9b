import type { Check } from '../check.js';
import { nonce, waitMs, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** The service's answer window: 3 seconds of real time, at any time scale. */
const WINDOW_MS = 3000;

/** DLV-08: an attempt not answered with 2xx within 3 seconds fails with reason `transport`. */
export const dlv08Timeout: Check = {
  requirements: ['DLV-08'],
  title: 'An answer later than 3 s is a transport failure and is retried',
  background: true,
  async run(context) {
    // chat.reaction: an event no other check emits, since this one runs alongside the rest.
    const respond = (_: unknown, index: number) =>
      index === 0 ? { status: 204, delayMs: WINDOW_MS + 1500 } : { status: 204 };
    return withHooks(context, [{ event: 'chat.reaction', respond }], async ([hook]) => {
      await hook!.emit({ data: { id: nonce() } });
      if (!(await hook!.arrived(2, WINDOW_MS + 1500 + waitMs(context, 1) + 3000)))
        return context.report({
          message: 'an attempt answered after 4.5 s was not retried',
          expected: 2,
          actual: hook!.received.length,
        });
      const [first, retry] = hook!.received;
      const gap = retry!.receivedAt - first!.receivedAt;
      const reason = retry!.headers['service-retry-reason'];
      if (reason === 'transport' && gap >= WINDOW_MS * 0.9 && gap < WINDOW_MS + 1500) return;
      context.report({
        message: `the retry came ${Math.round(gap)} ms after the first attempt with reason ${reason}`,
        expected: { reason: 'transport', gapMs: `about ${WINDOW_MS}` },
        actual: { reason, gapMs: Math.round(gap) },
      });
    });
  },
};
