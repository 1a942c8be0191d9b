import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How late the suite's own event loop ran while it timed the implementation: a receive time is
 * taken when the loop gets to the request, so each can be late by up to the longest stall, and a
 * gap between two of them is off by at most that much either way.
 */
export function watchLoopLag(): { stop(): number } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    /** The longest stall seen, in milliseconds (at least the sampling resolution). */
    stop() {
      histogram.disable();
      return histogram.max / 1e6;
    },
  };
}

/** Whether a gap the suite saw shows the implementation's own gap within bounds. */
export type GapVerdict = 'within' | 'outside' | 'unsure';

/**
 * A gap inside `[low, high]` is within: a stall can hide only a departure smaller than itself, and
 * the bounds' own margins are wider. A gap outside them by more than `lagMs` is outside, whatever
 * the stall did. One outside by less could be the suite's stall rather than the implementation's
 * timing, and cannot be judged.
 */
export function judgeGap(seenMs: number, low: number, high: number, lagMs: number): GapVerdict {
  if (seenMs >= low && seenMs <= high) return 'within';
  if (seenMs + lagMs < low || seenMs - lagMs > high) return 'outside';
  return 'unsure';
}
