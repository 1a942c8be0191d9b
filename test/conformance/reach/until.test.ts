import { describe, expect, it } from 'vitest';
import { until } from '../../../src/conformance/reach/deliveries.ts';
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

  it('gives up after three times the patience, stalls or not', async () => {
    const started = performance.now();
    const timer = setInterval(() => holdLoop(40), 45);
    try {
      expect(await until(() => false, 100)).toBe(false);
    } finally {
      clearInterval(timer);
    }
    expect(performance.now() - started).toBeLessThan(600);
  });
});
