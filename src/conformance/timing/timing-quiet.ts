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

/**
 * Waits until the suite's own event loop has run `calmMs` on end without a stall, or `maxMs` in
 * all: a measurement the suite's stalls left unsure is taken again once the load that disturbed it
 * has passed, rather than straight into it. Says whether the calm came.
 */
export async function waitCalm(calmMs: number, maxMs: number): Promise<boolean> {
  const started = performance.now();
  let calmSince = started;
  while (performance.now() - started < maxMs) {
    const lag = watchLoopLag();
    await sleep(STEP_MS);
    if (lag.stop() > STEP_MS / 5) calmSince = performance.now();
    else if (performance.now() - calmSince >= calmMs) return true;
  }
  return false;
}
