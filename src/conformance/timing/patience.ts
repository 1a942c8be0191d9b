import { type LoopLag, watchLoopLag } from './timing.js';

/** A wait's patience from now: whether some is left, and `stop` once the wait is over. */
export interface Patience {
  left(): boolean;
  stop(): void;
}

/** Starts the patience of `patienceMs` of a wait (`patienceLeft`), watching the loop meanwhile. */
export function watchPatience(patienceMs: number): Patience {
  const lag = watchLoopLag();
  const started = performance.now();
  return { left: () => patienceLeft(lag, started, patienceMs), stop: () => void lag.stop() };
}

/**
 * Whether a wait begun at `started` has patience left: `patienceMs` count only time in which the
 * suite's own event loop did not stall (`lag`), three times that in all at most. A wait for an
 * arrival or an outcome holds on a busy machine, where the suite's stalls would otherwise eat into
 * it and an implementation in time would look late.
 */
export function patienceLeft(
  lag: LoopLag,
  started: number,
  patienceMs: number,
  now = performance.now(),
): boolean {
  const elapsed = now - started;
  return elapsed < 3 * patienceMs && elapsed - lag.within(started, now) < patienceMs;
}
