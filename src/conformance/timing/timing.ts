import { performance } from 'node:perf_hooks';

const TICK_MS = 10;
const JITTER_MS = 4;

/** The suite's own event loop stalls, as `watchLoopLag` saw them. */
export interface LoopLag {
  /** How long the loop was stalled in all, in milliseconds; stops watching. */
  stop(): number;
  /**
   * How long of `[from, to]` (performance.now() times) the loop was stalled, a stall still under
   * way included.
   */
  within(from: number, to: number): number;
  /**
   * How long a receive time taken at `at` may have waited behind stalls, looking `spanMs` (and a
   * tick) back: the stalls there, each with the tick before it (the probe sees a stall only when
   * the tick it delayed comes), and a jitter's worth. Only this can make a gap that begins at `at`
   * look shorter than the implementation made it: a stall delays a receive time, never advances
   * one.
   */
  heldBefore(at: number, spanMs: number): number;
}

/**
 * How long the suite's own event loop was stalled while it timed the implementation, by a drift
 * probe (a 10 ms tick, and how late each came): a receive time is taken when the loop gets to the
 * request, which can wait behind several stalls in a row, so a gap between two receive times is
 * off by at most their sum either way. Each stall is kept with when it was, so a gap can be told
 * the stalls inside it (`within`): where the implementation shares the loop, only those could
 * have made it longer.
 */
export function watchLoopLag(): LoopLag {
  let [last, stalled] = [performance.now(), 0];
  const stalls: Array<[from: number, to: number]> = [];
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    // A tick a little late is timer jitter, which the bounds' own margins cover.
    if (late > JITTER_MS) {
      stalled += late;
      stalls.push([now - late, now]);
    }
    last = now;
  }, TICK_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return stalled + Math.max(0, performance.now() - last - TICK_MS);
    },
    within(from, to) {
      const overlap = ([a, b]: readonly [number, number]) =>
        Math.max(0, Math.min(b, to) - Math.max(a, from));
      // A stall still under way has no tick to record it yet: a caller that runs first after it
      // (a wait's own timer) would otherwise count it as time the loop ran.
      const now = performance.now();
      const ongoing = now - last - TICK_MS > JITTER_MS ? overlap([last + TICK_MS, now]) : 0;
      return stalls.reduce((sum, stall) => sum + overlap(stall), ongoing);
    },
    heldBefore(at, spanMs) {
      const from = at - spanMs - TICK_MS;
      const before = stalls.filter(([a, b]) => b > from && a < at);
      const held = before.reduce((sum, [a, b]) => sum + Math.min(b, at) - Math.max(a, from), 0);
      return held + TICK_MS * before.length + JITTER_MS;
    },
  };
}

/** Whether a gap the suite saw shows the implementation's own gap within bounds. */
export type GapVerdict = 'within' | 'outside' | 'unsure';

/** What disturbed the suite's view of a gap, each in milliseconds. */
export interface GapDisturbance {
  /**
   * How long the suite's own event loop stalled while it measured: a later receive time may have
   * waited that long.
   */
  lagMs: number;
  /**
   * How long the earlier receive time may have waited behind stalls (`LoopLag.heldBefore`), all
   * that shortens a gap; the whole lag where that is not known.
   */
  heldMs?: number;
  /** What the implementation took to react, measured in the same run: it only ever makes late. */
  lateMs?: number;
  /** The stalls inside the gap, which could have stretched it. */
  insideMs?: number;
}

/**
 * A gap inside `[low, high]` is within, unless the stalls inside it (`insideMs`) could have
 * stretched a gap shorter than `low` into the bounds: then it cannot be judged (a wait far too
 * short, seen through a busy loop, must not pass). A gap early by more than its earlier receive
 * time may have waited (`heldMs`), or late by more than the whole stall (`lagMs`), is outside,
 * whatever the stall did. One outside by less could be the suite's stall rather than the
 * implementation's timing, and cannot be judged. A busy machine only makes the implementation
 * late, never early: a gap late by no more than `lateMs` besides (what the implementation took to
 * react, measured in the same run) cannot be judged either.
 */
export function judgeGap(
  seenMs: number,
  bounds: { low: number; high: number },
  { lagMs, heldMs = lagMs, lateMs = 0, insideMs = 0 }: GapDisturbance,
): GapVerdict {
  const { low, high } = bounds;
  if (seenMs >= low && seenMs <= high) return seenMs - insideMs < low ? 'unsure' : 'within';
  if (seenMs + heldMs < low || seenMs - lagMs - lateMs > high) return 'outside';
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
