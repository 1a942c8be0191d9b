import { setTimeout as sleep } from 'node:timers/promises';
import { watchLoopLag } from './timing.js';

/** The steps `waitUndisturbed` measures its stalls over. */
const STEP_MS = 50;

/**
 * Waits until `ms` have passed in which the suite's own event loop did not stall (timing.ts), or
 * `maxMs` in all, or until `done` holds: a wait for something to arrive that holds on a busy
 * machine, where a stall would otherwise eat into it. Says how long it waited.
 */
export async function waitUndisturbed(
  ms: number,
  maxMs: number,
  done: () => boolean = () => false,
): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (quiet < ms && performance.now() - started < maxMs && !done()) {
    const lag = watchLoopLag();
    const from = performance.now();
    await sleep(STEP_MS);
    quiet += Math.max(0, performance.now() - from - lag.stop());
  }
  return performance.now() - started;
}
