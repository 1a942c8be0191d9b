import { describe, expect, it } from 'vitest';
import { waitCalm } from '../../../src/conformance/timing/timing-quiet.ts';
import { holdLoop } from '../../support/hold-loop.ts';

/** Holds the suite's event loop for `ms`, `after` ms from now. */
const stallLater = (after: number, ms: number) => setTimeout(() => holdLoop(ms), after);

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
