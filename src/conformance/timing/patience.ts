import type { LoopLag } from './timing.js';

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
