import type { Check, Skip } from '../run/check.js';
import { nonce, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import type { Received } from '../callback/receiver.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { ROOM, scaleRemedy } from '../timing/slow-send.js';
import { type TimeScale, scaledMs, timeScales } from '../../time-scale.js';
import { byWebhookId, retriedForTransport } from '../reach/attempts.js';
import { watchImplementationStall } from '../timing/implementation-stall.js';
import { type GapVerdict, judgeGap, lateByRoundTrip, watchLoopLag } from '../timing/timing.js';

/** How late a wait may end beyond twice its length: the answer's round trip and a busy machine. */
const LATE_MS = 25;
/** The service time all the waits take (1 s, 1 min, 5 min, then 5 min capped). */
const WAITS_SECONDS = 361 + 300;

/**
 * DLV-07: waits of about 1 s, 1 min and 5 min; `Retry-After` on 429/503 replaces the next wait,
 * capped at 5 minutes. A wait passes between half and twice its length (plus a little for the
 * round trip); at a time scale, the lengths are scaled. A gap out of bounds by less than the suite's
 * own event loop stalled meanwhile cannot be judged: the check is then not testable.
 */
export const dlv07Waits: Check = {
  requirements: ['DLV-07'],
  basis: 'stated',
  title: 'Retry waits of about 1 s, 1 min, 5 min; Retry-After replaces the next, up to 5 min',
  exclusive: ['v1 meeting.ended'],
  quiet: 'together',
  async run(context) {
    const skip = tooLong(context, WAITS_SECONDS);
    if (skip) return skip;
    const hooks = [
      { event: 'meeting.ended', respond: () => ({ status: 500 }) },
      {
        event: 'meeting.ended',
        respond: (_: Received, i: number) =>
          i === 0 ? { status: 503, headers: { 'retry-after': '240' } } : { status: 204 },
      },
      {
        event: 'meeting.ended',
        respond: (_: Received, i: number) =>
          i === 0 ? { status: 429, headers: { 'retry-after': '3600' } } : { status: 204 },
      },
    ];
    const [unsure, late]: [string[], string[]] = [[], []];
    let [wrongSeen, lagMs, roundTripMs, reactionMs, stallMs] = [false, 0, 0, 0, 0];
    const noHooks = await withHooks(context, hooks, async ([schedule, retryAfter, capped]) => {
      const lag = watchLoopLag();
      const stall = watchImplementationStall(context.profile.baseUrl);
      const sent = performance.now();
      await schedule!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      // Across a network (the receiver reached through a callback URL), the trigger's round trip
      // stands for the receiver's; on loopback, LATE_MS covers it.
      if (context.callback?.url) roundTripMs = performance.now() - sent;
      const patience = waitMs(context, WAITS_SECONDS) + 5000;
      await Promise.all([
        schedule!.arrived(4, patience),
        retryAfter!.arrived(2, patience),
        capped!.arrived(2, patience),
      ]);
      lagMs = lag.stop();
      stallMs = await stall.stop();
      reactionMs = reactionOf(sent, [schedule!, retryAfter!, capped!]);
      // Between attempts in the order they say they were made (DLV-05), each with when it began.
      const gaps = (received: Received[]) => {
        const ordered = byWebhookId(received).flat();
        return ordered.slice(1).map((r, i) => {
          const from = ordered[i]!.receivedAt;
          return { ms: r.receivedAt - from, from };
        });
      };
      const expected: Array<[string, Received[], number[]]> = [
        ['the policy waits', schedule!.received, [1, 60, 300]],
        ['Retry-After: 240 on a 503', retryAfter!.received, [240]],
        ['Retry-After: 3600 on a 429, capped', capped!.received, [300]],
      ];
      for (const [name, received, seconds] of expected) {
        const measured = gaps(received);
        const seen = measured.map((g) => g.ms);
        // A retry for a transport failure says the suite's receiver took an attempt too late
        // (DLV-08): the answer it was scripted to give never counted, so no gap of it shows a wait.
        if (received.some(retriedForTransport)) {
          unsure.push(`${name}: an attempt was retried as a transport failure`);
          continue;
        }
        const wanted = seconds.map((s) => waitMs(context, s));
        const verdicts = seen.map((gap, i): GapVerdict | 'late' => {
          // Later by no more than the implementation was seen not answering meanwhile is the
          // machine's doing: its timers wait behind the same stall (implementation-stall.ts).
          const bounds = { low: wanted[i]! / 2, high: wanted[i]! * 2 + LATE_MS + stallMs };
          const { from } = measured[i]!;
          // Late by no more than the implementation took to react to the event here and now (a
          // busy machine slows it, and a wait cannot end sooner than it reacts): not judged. Short
          // by no more than the stalls the gap's first attempt could have waited behind: neither.
          const verdict = judgeGap(gap, bounds, {
            lagMs,
            heldMs: lag.heldBefore(from, bounds.low),
            lateMs: reactionMs,
            insideMs: lag.within(from, from + gap),
          });
          const network =
            verdict !== 'within' && lateByRoundTrip(gap, bounds.high, lagMs, roundTripMs);
          return network ? 'late' : verdict;
        });
        const wrong = seen.length !== wanted.length || verdicts.includes('outside');
        const shown = `${name}: ${seen.map((g) => `${Math.round(g)} ms`).join(', ')}`;
        if (!wrong && verdicts.includes('late')) late.push(shown);
        else if (!wrong && verdicts.includes('unsure')) unsure.push(shown);
        wrongSeen ||= wrong;
        if (wrong)
          context.report({
            message: `${name}: ${gapsSeen(seen)}`,
            expected: wanted.map((w) => `about ${Math.round(w)} ms`),
            actual: seen.map(Math.round),
          });
      }
    });
    if (noHooks) return noHooks;
    // A finding fails the check whatever else could not be judged.
    if (wrongSeen) return;
    if (late.length) return acrossNetwork(late, roundTripMs, context.profile.timeScale);
    if (unsure.length) return notJudged(unsure, lagMs, reactionMs);
  },
};

/**
 * How long the implementation took to react to the event: from the trigger's request to each first
 * attempt, the longest (the receiver's own stalls included, which the lag also counts). On an idle
 * machine a few milliseconds; on a busy one the scheduling delay every retry wait carries too.
 */
function reactionOf(sentAt: number, hooks: ReadonlyArray<{ received: Received[] }>): number {
  const firsts = hooks.flatMap(({ received }) => (received[0] ? [received[0].receivedAt] : []));
  return Math.max(0, ...firsts.map((at) => at - sentAt));
}

/** The gaps seen between attempts, in words. */
function gapsSeen(gaps: number[]): string {
  if (gaps.length === 0) return 'at most one attempt arrived';
  return `the gaps between attempts were ${gaps.map((g) => `${Math.round(g)} ms`).join(', ')}`;
}

function notJudged(gaps: string[], lagMs: number, reactionMs: number): Skip {
  return {
    skip: 'not_testable',
    rerun: true,
    reason: `gaps out of bounds by less than the ${Math.round(lagMs)} ms the suite's own event loop stalled meanwhile, or later by less than the ${Math.round(reactionMs)} ms the implementation took to react to the event, so they cannot be judged (${gaps.join('; ')}); run on a less busy machine`,
  };
}

/**
 * Gaps late by the round trip to a receiver across a network: the shortest wait (1 s of service
 * time) must be long against it, so the reason names the retries scale that would do, and asks it
 * as data for the run's one remedy (report/scale-remedy.ts).
 */
function acrossNetwork(gaps: string[], roundTripMs: number, scale: TimeScale | undefined): Skip {
  const now = timeScales(scale).retries;
  const shortest = scaledMs(1, now);
  const fits = Math.floor(1000 / (ROOM * roundTripMs));
  const longer =
    WAITS_SECONDS / fits > 20
      ? `, with --full-schedule (the waits then take ${Math.round(WAITS_SECONDS / fits)} s)`
      : '';
  const remedy = scaleRemedy('retries', fits, now, { after: longer });
  return {
    skip: 'not_testable',
    remedy: [{ clock: 'retries', now, atMost: fits, waitMs: WAITS_SECONDS * 1000 }],
    reason: `gaps late by no more than the ~${Math.round(roundTripMs)} ms round trip to the implementation (its event trigger's answer), which each retry across the network also waits for, against waits of ${shortest < 10 ? shortest.toFixed(1) : Math.round(shortest)} ms and more, so they cannot be judged (${gaps.join('; ')}); ${remedy}`,
  };
}
