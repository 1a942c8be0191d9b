import { describe, expect, it } from 'vitest';
import { waitUndisturbed } from '../../../src/conformance/timing/timing-quiet.ts';

/** Holds the suite's event loop for `ms`, `after` ms from now. */
const stallLater = (after: number, ms: number) =>
  setTimeout(() => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  }, after);

// A wait for something to arrive does not count the time the suite's own process was stalled.
describe('waitUndisturbed', () => {
  it.each<
    [
      string,
      {
        given: { stallMs: number; ms: number; maxMs: number; doneAfterMs?: number };
        want: [number, number];
      },
    ]
  >([
    [
      'an undisturbed wait is as long as asked',
      { given: { stallMs: 0, ms: 150, maxMs: 5000 }, want: [150, 1000] },
    ],
    [
      'a stall lengthens it by the stall',
      { given: { stallMs: 400, ms: 150, maxMs: 5000 }, want: [500, 2000] },
    ],
    ['the bound ends it', { given: { stallMs: 400, ms: 5000, maxMs: 200 }, want: [200, 1000] }],
    [
      'what it waits for ends it',
      { given: { stallMs: 0, ms: 5000, maxMs: 5000, doneAfterMs: 100 }, want: [100, 1000] },
    ],
  ])('%s', async (_, { given, want: [least, most] }) => {
    if (given.stallMs) stallLater(20, given.stallMs);
    const doneAt = performance.now() + (given.doneAfterMs ?? Infinity);
    const waited = await waitUndisturbed(given.ms, given.maxMs, () => performance.now() >= doneAt);
    expect(waited).toBeGreaterThanOrEqual(least);
    expect(waited).toBeLessThan(most);
  });
});
