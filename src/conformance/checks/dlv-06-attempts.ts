import { setTimeout as sleep } from 'node:timers/promises';
import type { Check, Skip } from '../run/check.js';
import {
  type SubscribedHook,
  carries,
  nonce,
  tooLong,
  waitMs,
  withHooks,
} from '../reach/deliveries.js';
import type { Received, ScriptedAnswer } from '../callback/receiver.js';
import {
  attemptCount,
  byWebhookId,
  lostOnTheSuitesSide,
  retriedForTransport,
  retryNumber,
} from '../reach/attempts.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { watchLoopLag } from '../timing/timing.js';
import { until } from '../timing/until.js';

/**
 * DLV-06: at most 4 attempts; transport errors (a connection dropped before any answer: once, so
 * the retry is taken), 5xx and 429 are retried; other 4xx fail at once.
 * A 3xx is not named by the specification: that it fails at once too, neither followed nor retried, rests on
 * a reading (`DLV-06.redirect-fails-at-once`).
 */
export const dlv06Attempts: Check = {
  requirements: ['DLV-06'],
  basis: 'stated',
  title: 'Four attempts at most; only transport errors, 5xx and 429 are retried',
  shared: ['v1 meeting.ended'],
  async run(context) {
    const skip = tooLong(context, 361);
    if (skip) return skip;
    // Each receiver's answer, how many attempts it gets, and the reading that says so, if any.
    const cases: Array<[string, number | 'drop', number, string?]> = [
      ['always 500', 500, 4],
      ['a dropped connection, then 204', 'drop', 2],
      ['always 429', 429, 4],
      ['400', 400, 1],
      ['404', 404, 1],
      ['410', 410, 1],
      ['a redirect (307)', 307, 1, 'DLV-06.redirect-fails-at-once'],
    ];
    let unsure: Skip | undefined;
    const lag = watchLoopLag();
    const receiver = await context.receiver();
    const began = performance.now();
    const ran = await withHooks(
      context,
      cases.map(([, status]) => ({
        event: 'meeting.ended',
        respond: (received: Received): ScriptedAnswer => {
          // A delivery's first attempt loses its connection; the retry is taken.
          if (status === 'drop')
            return retryNumber(received) === 0 ? { status: 0, drop: true } : { status: 204 };
          return {
            status,
            headers: status === 307 ? { location: 'http://127.0.0.1:9/' } : undefined,
          };
        },
      })),
      async (hooks) => {
        // One event reaches every hook; each answers its own way. The same check at other versions
        // emits too, at the same time: each hook counts the attempts of this one's event.
        const marker = nonce();
        const own = (hook: SubscribedHook) => hook.received.filter((r) => carries(r, marker));
        await hooks[0]!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
        // The schedule and some slack, counted in time the suite's own event loop did not stall:
        // its receiver answers late while it does, and every late answer costs an attempt 3 s.
        const patience = waitMs(context, 361) + 5000;
        await until(
          () => hooks.every((hook, i) => leastAttempts(own(hook)) >= cases[i]![2]),
          patience,
        );
        // Past the longest wait, so a fifth attempt or a retry of a 4xx would have come.
        await sleep(waitMs(context, 300) + 500);
        const stalled = lag.stop();
        const renamed = renamedRetries(hooks.map((hook) => own(hook)));
        if (renamed) return context.note(renamed);
        hooks.forEach((hook, i) => {
          const [name, status, wanted, reading] = cases[i]!;
          // DLV-06 counts the attempts of one delivery: its retries share its webhook-id (DLV-04);
          // another delivery of the event (another webhook-id) is not a retry of this one.
          for (const delivery of byWebhookId(own(hook))) {
            const attempts = attemptCount(delivery);
            // Fewer than wanted while the suite's receiver lost connections: the missing attempts
            // may have been made and lost on the suite's side (DLV-08 gave up on them).
            const lost =
              attempts < wanted &&
              lostOnTheSuitesSide(
                receiver,
                began,
                `the receiver answering ${name} got ${attempts} of ${wanted} attempts`,
              );
            if (lost) {
              unsure = lost;
              continue;
            }
            // Fewer than wanted, and a retry for transport where the receiver answered with a
            // status: that answer reached the implementation too late (the suite's process
            // stalled), and each such answer costs the schedule an answer window, so it had not run
            // its course when the patience ended. Nothing is judged, and the check runs again.
            const unanswered = status !== 'drop' && delivery.slice(1).some(retriedForTransport);
            if (attempts < wanted && unanswered) {
              unsure = {
                skip: 'not_testable',
                rerun: true,
                reason: `the receiver answering ${name} got ${attempts} of ${wanted} attempts, retried as transport failures: the implementation got its answers too late (the suite's process stalled ${Math.round(stalled)} ms meanwhile), so its schedule had not run its course`,
              };
              continue;
            }
            // Retried beyond the count for transport alone: the implementation says it got no
            // answer (late, or the connection failed), and transport failures are retried
            // (DLV-06); the answer was not what it retried, so nothing is judged, and the check
            // runs again.
            const extra = delivery.slice(Math.max(1, wanted));
            const late = extra.every(retriedForTransport);
            if (attempts > wanted && late) {
              unsure = {
                skip: 'not_testable',
                rerun: true,
                reason: `the ${name} answer was retried as a transport failure beyond its count: the implementation got no answer from the suite's receiver in time (the suite's process stalled ${Math.round(stalled)} ms meanwhile), so whether it retries a ${name} cannot be judged`,
              };
              continue;
            }
            if (attempts === wanted) continue;
            // What each attempt after the first said of itself (DLV-05).
            const said = delivery
              .slice(1)
              .map(
                (r) =>
                  `${r.headers['service-retry-num'] ?? 'no retry number'} ${r.headers['service-retry-reason'] ?? 'no reason'}`,
              );
            context.report({
              message: `a receiver answering ${name} got ${attempts} attempts of one delivery${said.length ? ` (retries: ${said.join('; ')})` : ''}`,
              expected: wanted,
              actual: attempts,
              ...(reading ? { reading } : {}),
            });
          }
        });
      },
    );
    lag.stop();
    return ran ?? unsure;
  },
};

/**
 * The fewest attempts any one delivery among `received` shows, 0 before any came: a second
 * delivery of the event (another webhook-id) is waited for as the first is.
 */
const leastAttempts = (received: readonly Received[]) => {
  const deliveries = byWebhookId(received);
  return deliveries.length ? Math.min(...deliveries.map(attemptCount)) : 0;
};

/**
 * Why no delivery's attempts can be counted, where retries came under new webhook-ids: two or
 * more ids, over the check's receivers, each holding a single retry and no first attempt. That is
 * DLV-04's finding (dlv-04-webhook-id judges it), not a count of attempts; one such id alone may
 * be a second delivery whose first attempt was lost, so it is counted as it is.
 */
function renamedRetries(receivers: ReadonlyArray<readonly Received[]>): string | undefined {
  const lone = receivers
    .flatMap((received) => byWebhookId(received))
    .filter((d) => d.length === 1 && retryNumber(d[0]!) > 0);
  if (lone.length < 2) return undefined;
  return `${lone.length} retries came each under a webhook-id of its own (DLV-04's finding, judged by dlv-04-webhook-id), so the attempts of one delivery could not be counted`;
}
