import { setTimeout as sleep } from 'node:timers/promises';
import { watchLoopLag } from './timing.js';

/** The steps `waitCalm` measures its stalls over. */
const STEP_MS = 50;

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
