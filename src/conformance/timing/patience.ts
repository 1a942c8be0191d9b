import { type LoopLag, watchLoopLag } from './timing.js';
import { WaitCutShort } from './wait-cut-short.js';

/** A wait's patience from now: whether some is left, what the wait came to, and `stop` after. */
export interface Patience {
  left(): boolean;
  /**
   * What the wait came to, `done` or not. One that ended without it at its bound, before its
   * patience had passed in time the loop ran, throws WaitCutShort: its "nothing came" is no
   * finding.
   */
  end(done: boolean): boolean;
  /** Stops watching the loop, however the wait ended. */
  stop(): void;
}

/**
 * How many times its patience a wait may last in all: enough for a loop stalled nine tenths of the
 * time, so that waits it ends are rare; the runner measures those again (WaitCutShort). A bound
 * all the same: a wait that never ends is no verdict either.
 */
const BOUND = 10;

/** Starts the patience of `patienceMs` of a wait (`patienceLeft`), watching the loop meanwhile. */
export function watchPatience(patienceMs: number): Patience {
  const lag = watchLoopLag();
  const started = performance.now();
  return {
    left: () => patienceLeft(lag, started, patienceMs),
    end(done) {
      const now = performance.now();
      const stalled = lag.within(started, now);
      if (!done && now - started - stalled < patienceMs)
        throw new WaitCutShort(patienceMs, now - started, stalled);
      return done;
    },
    stop: () => void lag.stop(),
  };
}

/**
 * Whether a wait begun at `started` has patience left: `patienceMs` count only time in which the
 * suite's own event loop did not stall (`lag`), `BOUND` times that in all at most. A wait for an
 * arrival or an outcome holds on a busy machine, where the suite's stalls would otherwise eat into
 * it and an implementation in time would look late. What counts is that the loop answers (an
 * arrival is read as soon as it comes), not how much work it does between: a loop busy with many
 * short pieces of work still reads an arrival within one of them.
 */
export function patienceLeft(
  lag: LoopLag,
  started: number,
  patienceMs: number,
  now = performance.now(),
): boolean {
  const elapsed = now - started;
  return elapsed < BOUND * patienceMs && elapsed - lag.within(started, now) < patienceMs;
}
