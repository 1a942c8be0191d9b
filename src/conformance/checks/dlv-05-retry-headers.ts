import type { Check, Skip } from '../run/check.js';
import { nonce, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import type { ScriptedAnswer } from '../callback/receiver.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import {
  byWebhookId,
  handshakeCause,
  lostOnTheSuitesSide,
  retryNumber,
} from '../reach/attempts.js';

/** The three failures in turn, then an acknowledgement, and the headers the retries must carry. */
const SCRIPT: ScriptedAnswer[] = [
  { status: 0, drop: true },
  { status: 500 },
  { status: 429 },
  { status: 204 },
];
const WANTED = [
  [undefined, undefined],
  ['1', 'transport'],
  ['2', 'http_5xx'],
  ['3', 'http_429'],
];

/**
 * DLV-05: no retry headers on the first attempt; retries carry Service-Retry-Num and the reason.
 */
export const dlv05RetryHeaders: Check = {
  requirements: ['DLV-05'],
  basis: 'stated',
  title: 'Retries carry Service-Retry-Num 1..3 and the reason; the first attempt neither',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const skip = tooLong(context, 361);
    if (skip) return skip;
    const receiver = await context.receiver();
    let unsure: Skip | undefined;
    // Each attempt is answered as the one it says it is, not by when it arrived: a first attempt
    // the suite's busy receiver read late would otherwise be answered as a retry.
    const respond = (received: Parameters<typeof retryNumber>[0]) =>
      SCRIPT[Math.min(retryNumber(received), 3)]!;
    const ran = await withHooks(context, [{ event: 'meeting.ended', respond }], async ([hook]) => {
      const began = performance.now();
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      const patience = waitMs(context, 361) + 5000;
      await hook!.arrived(4, patience);
      if (hook!.received.length === 0)
        return context.report({
          message: `no attempt arrived within ${Math.round(patience)} ms${handshakeCause(receiver.handshakesFailedSince(began))}`,
          expected: WANTED,
          actual: [],
        });
      // In the order the attempts say they were made (DLV-05), whatever the order they came in.
      const seen = byWebhookId(hook!.received)
        .flat()
        .map((r) => [r.headers['service-retry-num'], r.headers['service-retry-reason']]);
      if (JSON.stringify(seen) === JSON.stringify(WANTED)) return;
      const lost =
        seen.length < WANTED.length &&
        lostOnTheSuitesSide(receiver, began, `${seen.length} of 4 attempts arrived`);
      if (lost) return void (unsure = lost);
      context.report({
        message: `the ${seen.length} attempts after a dropped connection, a 500 and a 429 are not four carrying the retry headers in turn`,
        expected: WANTED,
        actual: seen,
      });
    });
    return ran ?? unsure;
  },
};
