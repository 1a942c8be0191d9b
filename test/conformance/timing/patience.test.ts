import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { patienceLeft, watchPatience } from '../../../src/conformance/timing/patience.ts';
import { WaitCutShort } from '../../../src/conformance/timing/wait-cut-short.ts';
import type { LoopLag } from '../../../src/conformance/timing/timing.ts';
import { holdLoop } from '../../support/hold-loop.ts';

/** A lag watcher that saw `stalledMs` of stall in any window. */
const lagOf = (stalledMs: number): LoopLag => ({
  stop: () => stalledMs,
  within: () => stalledMs,
  heldBefore: () => stalledMs,
});

// Patience counts the time the suite's own loop ran: a stall gives it back, up to ten times the
// patience in all (a wait that never ends is no verdict either).
describe('patienceLeft', () => {
  it.each([
    ['within the patience, no stall', { elapsed: 400, stalled: 0, left: true }],
    ['past the patience, no stall', { elapsed: 1000, stalled: 0, left: false }],
    ['past the patience, a stall gives it back', { elapsed: 1500, stalled: 800, left: true }],
    ['past the patience by more than the stall', { elapsed: 1500, stalled: 400, left: false }],
    ['nine times the patience, stalled most of it', { elapsed: 9000, stalled: 8500, left: true }],
    [
      'past ten times the patience, whatever the stall',
      { elapsed: 10_000, stalled: 9900, left: false },
    ],
  ])('%s', (_, { elapsed, stalled, left }) => {
    expect(patienceLeft(lagOf(stalled), 0, 1000, elapsed)).toBe(left);
  });
});

// A wait its bound ended, the loop stalled for most of it, saw nothing of the implementation.
describe('watchPatience: what a wait came to', () => {
  it.each([
    ['done, however stalled', { stall: () => holdLoop(1100), done: true, outcome: true }],
    [
      'not done, its patience run undisturbed: nothing came',
      { stall: () => {}, done: false, outcome: false },
    ],
    [
      'not done, its bound come first in a stall: cut short',
      { stall: () => holdLoop(1100), done: false, outcome: WaitCutShort },
    ],
  ])('%s', async (_, { stall, done, outcome }) => {
    const patience = watchPatience(100);
    stall();
    while (patience.left()) await sleep(5);
    try {
      if (outcome === WaitCutShort) expect(() => patience.end(done)).toThrow(WaitCutShort);
      else expect(patience.end(done)).toBe(outcome);
    } finally {
      patience.stop();
    }
  });
});
