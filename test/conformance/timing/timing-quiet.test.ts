import { describe, expect, it } from 'vitest';
import { waitCalm, waitUndisturbed } from '../../../src/conformance/timing/timing-quiet.ts';
import { holdLoop } from '../../support/hold-loop.ts';

/** Holds the suite's event loop for `ms`, `after` ms from now. */
const stallLater = (after: number, ms: number) => setTimeout(() => holdLoop(ms), after);

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

// A disturbed measurement is taken again once the loop has run a while on end without a stall.
describe('waitCalm', () => {
  it.each<[string, { stalls: number[]; calmMs: number; maxMs: number; want: boolean }]>([
    ['a calm loop: found at once', { stalls: [], calmMs: 150, maxMs: 2000, want: true }],
    [
      'stalls, then calm: found after them',
      { stalls: [20, 200], calmMs: 150, maxMs: 3000, want: true },
    ],
    [
      'a stall every 100 ms: never calm for 300 ms, the bound ends it',
      { stalls: [20, 120, 220, 320, 420, 520, 620], calmMs: 300, maxMs: 600, want: false },
    ],
  ])('%s', async (_, { stalls, calmMs, maxMs, want }) => {
    for (const at of stalls) stallLater(at, 60);
    const started = performance.now();
    expect(await waitCalm(calmMs, maxMs)).toBe(want);
    const waited = performance.now() - started;
    if (want) expect(waited).toBeGreaterThanOrEqual(calmMs + stalls.length * 60 - 50);
    else expect(waited).toBeGreaterThanOrEqual(maxMs);
  });
});
