import { setTimeout as sleep } from 'node:timers/promises';
import { watchPatience } from './patience.js';

/**
 * Polls `condition` every 5 ms until it holds, or until the patience of `timeoutMs` ends, counted
 * in time the suite's own event loop did not stall (timing/patience.ts). Throws WaitCutShort when
 * the loop stalled so long that the wait's bound came first.
 */
export async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const patience = watchPatience(timeoutMs);
  try {
    while (!condition() && patience.left()) await sleep(5);
    return patience.end(condition());
  } finally {
    patience.stop();
  }
}
