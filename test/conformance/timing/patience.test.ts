import { describe, expect, it } from 'vitest';
import { patienceLeft } from '../../../src/conformance/timing/patience.ts';
import type { LoopLag } from '../../../src/conformance/timing/timing.ts';

/** A lag watcher that saw `stalledMs` of stall in any window. */
const lagOf = (stalledMs: number): LoopLag => ({ stop: () => stalledMs, within: () => stalledMs });

// Patience counts the time the suite's own loop ran: a stall gives it back, up to three times the
// patience in all (a wait that never ends is no verdict either).
describe('patienceLeft', () => {
  it.each([
    ['within the patience, no stall', { elapsed: 400, stalled: 0, left: true }],
    ['past the patience, no stall', { elapsed: 1000, stalled: 0, left: false }],
    ['past the patience, a stall gives it back', { elapsed: 1500, stalled: 800, left: true }],
    ['past the patience by more than the stall', { elapsed: 1500, stalled: 400, left: false }],
    [
      'past three times the patience, whatever the stall',
      { elapsed: 3000, stalled: 2900, left: false },
    ],
  ])('%s', (_, { elapsed, stalled, left }) => {
    expect(patienceLeft(lagOf(stalled), 0, 1000, elapsed)).toBe(left);
  });
});
