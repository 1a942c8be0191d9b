import { describe, expect, it } from 'vitest';
import { until } from '../../../src/conformance/timing/until.ts';
import { WaitCutShort } from '../../../src/conformance/timing/wait-cut-short.ts';
import { holdLoop } from '../../support/hold-loop.ts';

// A wait for an arrival counts only the time the suite's own loop ran: a stall of its own must not
// turn an arrival in time into one too late (a false result on a busy machine).
describe('until', () => {
  it.each([
    ['holds at once', 0, undefined, true],
    ['holds within the patience', 60, undefined, true],
    ['never holds: gives up', Infinity, undefined, false],
    ['holds after a stall longer than the patience', 250, 200, true],
  ])('%s', async (_, holdsAfterMs, stallMs, expected) => {
    const started = performance.now();
    if (stallMs) setTimeout(() => holdLoop(stallMs), 10);
    const result = await until(() => performance.now() - started >= holdsAfterMs, 150);
    expect(result).toBe(expected);
  });

  // Its bound ends a wait the loop stalled through: what did not come then is no finding.
  it('is cut short at ten times the patience, the loop stalled throughout', async () => {
    const started = performance.now();
    // Stalled 200 ms of every 205 from the start: less than the patience runs before the bound.
    let stalling = true;
    const stall = () => stalling && (holdLoop(200), setTimeout(stall, 5));
    setTimeout(stall, 0);
    try {
      await expect(until(() => false, 100)).rejects.toThrow(WaitCutShort);
    } finally {
      stalling = false;
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
