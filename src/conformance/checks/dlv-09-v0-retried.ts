import { lostOnTheSuitesSide } from '../reach/attempts.js';
import type { Check, Skip } from '../run/check.js';
import type { Received } from '../callback/receiver.js';
import { carries, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { ANSWER_WINDOW_MS } from '../reach/settle.js';
import { watchLoopLag } from '../timing/timing.js';

/** Beyond the first retry's wait, how long a retry may take to come on a busy machine. */
const SLACK_MS = 5000;

/**
 * DLV-09's resolution: the v0 overview's "not automatically retried, only logged" is superseded by
 * the retry policy, so a v0 delivery answered 500 is tried again. Only that a retry comes is judged
 * here; how many and how far apart are the v1 checks' (dlv-06-attempts, dlv-07-waits). The first
 * retry comes "near-immediate (about a second)": a retry missing after that, a 3 s answer window
 * and some slack is a finding, unless the suite's own event loop stalled for half of that wait or
 * its receiver lost connections meanwhile (then the check runs again).
 */
export const dlv09V0Retried: Check = {
  requirements: ['DLV-09'],
  basis: 'stated',
  title: 'A v0 delivery answered 500 is retried',
  exclusive: ['v0 transcript:started'],
  async run(context) {
    const skip = tooLong(context, 2);
    if (skip) return skip;
    const receiver = await context.receiver();
    const payload = SAMPLE_EVENTS.transcriptStarted();
    let failed = false;
    // The event's first attempt fails; anything after it is taken.
    const respond = (received: Received) => {
      if (failed || !carries(received, payload.id)) return { status: 204 };
      failed = true;
      return { status: 500 };
    };
    let unsure: Skip | undefined;
    const hooks = [{ generation: 'v0' as const, event: 'transcript:started', respond }];
    const ran = await withHooks(context, hooks, async ([hook]) => {
      const began = performance.now();
      const lag = watchLoopLag();
      await hook!.emit({ data: payload });
      const attempts = () => hook!.received.filter((r) => carries(r, payload.id)).length;
      const patienceMs = waitMs(context, 2) + ANSWER_WINDOW_MS + SLACK_MS;
      await until(() => attempts() >= 2, patienceMs);
      const stalledMs = lag.stop();
      if (attempts() >= 2) return;
      const short =
        attempts() === 0
          ? 'the v0 transcript:started delivery never arrived'
          : 'the v0 transcript:started delivery answered 500 was not retried';
      const lost = lostOnTheSuitesSide(receiver, began, short);
      if (lost) return void (unsure = lost);
      if (stalledMs >= patienceMs / 2)
        return void (unsure = {
          skip: 'not_testable',
          rerun: true,
          reason: `${short} within ${Math.round(patienceMs)} ms, while the suite's own event loop stalled for ${Math.round(stalledMs)} ms; run on a less busy machine`,
        });
      context.report({
        message: `${short} within ${Math.round(patienceMs)} ms: v0 deliveries follow the retry policy (the "not retried" sentence is superseded)`,
        expected: 'a second attempt',
        actual: `${attempts()} attempt(s)`,
      });
    });
    return ran ?? unsure;
  },
};
