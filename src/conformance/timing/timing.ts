import { performance } from 'node:perf_hooks';

const TICK_MS = 10;
const JITTER_MS = 4;

/**
 * How long the suite's own event loop was stalled while it timed the implementation, by a drift
 * probe (a 10 ms tick, and how late each came): a receive time is taken when the loop gets to the
 * request, which can wait behind several stalls in a row, so a gap between two receive times is
 * off by at most their sum either way.
 */
export function watchLoopLag(): { stop(): number } {
  let [last, stalled] = [performance.now(), 0];
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    // A tick a little late is timer jitter, which the bounds' own margins cover.
    if (late > JITTER_MS) stalled += late;
    last = now;
  }, TICK_MS);
  timer.unref();
  return {
    /** How long the loop was stalled in all, in milliseconds. */
    stop() {
      clearInterval(timer);
      return stalled + Math.max(0, performance.now() - last - TICK_MS);
    },
  };
}

/** Whether a gap the suite saw shows the implementation's own gap within bounds. */
export type GapVerdict = 'within' | 'outside' | 'unsure';

/**
 * A gap inside `[low, high]` is within: a stall can hide only a departure smaller than itself, and
 * the bounds' own margins are wider. A gap outside them by more than `lagMs` is outside, whatever
 * the stall did. One outside by less could be the suite's stall rather than the implementation's
 * timing, and cannot be judged. A busy machine only makes the implementation late, never early:
 * a gap late by no more than `lateMs` besides (what the implementation took to react, measured in
 * the same run) cannot be judged either.
 */
export function judgeGap(
  seenMs: number,
  low: number,
  high: number,
  lagMs: number,
  lateMs = 0,
): GapVerdict {
  if (seenMs >= low && seenMs <= high) return 'within';
  if (seenMs + lagMs < low || seenMs - lagMs - lateMs > high) return 'outside';
  return 'unsure';
}

/**
 * Whether a late gap is explained by the stall and one round trip between the implementation and
 * the receiver together, the round trip the larger part. Across a network (a receiver reached
 * through a callback URL) a retry comes after the answer's way back and the attempt's way there,
 * which bounds made for loopback do not cover: such a gap shows the network, not the
 * implementation's wait.
 */
export function lateByRoundTrip(
  seenMs: number,
  high: number,
  lagMs: number,
  roundTripMs: number,
): boolean {
  return seenMs > high && seenMs - lagMs - roundTripMs <= high && roundTripMs > lagMs;
}
