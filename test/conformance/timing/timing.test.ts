import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { judgeGap, lateByRoundTrip, watchLoopLag } from '../../../src/conformance/timing/timing.ts';
import { holdLoop } from '../../support/hold-loop.ts';

// A wait reads the stalls as soon as its own timer runs, which can be before the probe's tick that
// records the stall: the stall still under way must count all the same, or a busy suite's stall
// passes for time in which an arrival could have come (a false result).
describe('watchLoopLag().within', () => {
  it.each([
    ['a stall the probe has recorded', { settle: true, window: [0, Infinity], atLeast: 70 }],
    ['a stall still under way', { settle: false, window: [0, Infinity], atLeast: 70 }],
    ['only the part of a stall inside the window', { settle: false, window: [0, 20], atMost: 20 }],
  ] as const)('%s', async (_, { settle, window, ...bound }) => {
    const lag = watchLoopLag();
    await sleep(15);
    const started = performance.now();
    holdLoop(80);
    if (settle) await sleep(15);
    const stalled = lag.within(
      started + window[0],
      Math.min(started + window[1], performance.now()),
    );
    lag.stop();
    if ('atLeast' in bound) expect(stalled).toBeGreaterThanOrEqual(bound.atLeast);
    if ('atMost' in bound) expect(stalled).toBeLessThanOrEqual(bound.atMost);
  });
});

// A wait of 1.7 ms (1 s at 600 times real time) may end up to 28.3 ms after the last attempt.
const high = 28.3;

describe('lateByRoundTrip', () => {
  it.each([
    ['within bounds is not late', { seen: 20, lag: 0, roundTrip: 100, want: false }],
    ['late by a round trip of 80 ms', { seen: 85, lag: 5, roundTrip: 90, want: true }],
    ['late by more than the round trip', { seen: 300, lag: 5, roundTrip: 90, want: false }],
    ['late, the stall the larger part', { seen: 85, lag: 60, roundTrip: 10, want: false }],
    ['on loopback (no round trip counted)', { seen: 85, lag: 5, roundTrip: 0, want: false }],
  ])('%s', (_, { seen, lag, roundTrip, want }) => {
    expect(lateByRoundTrip(seen, high, lag, roundTrip)).toBe(want);
  });
});

describe('judging a gap the suite saw', () => {
  // [name, seen, the suite's stall, how long the implementation took to react, verdict, the
  // stalls inside the gap, how long its first receive time may have waited behind stalls]
  const gaps: Array<[string, number, number, number, string, number?, number?]> = [
    ['inside the bounds', 3000, 0, 0, 'within'],
    ['inside the bounds despite a stall', 3000, 400, 0, 'within'],
    ['early by more than the stall', 2000, 100, 0, 'outside'],
    ['early by less than the stall', 2600, 300, 0, 'unsure'],
    ['late by more than the stall', 5000, 100, 0, 'outside'],
    ['late by less than the stall', 4600, 200, 0, 'unsure'],
    // A busy machine makes the implementation late, never early.
    ['late by less than the stall and the reaction', 4700, 100, 150, 'unsure'],
    ['late by more than the stall and the reaction', 4800, 100, 150, 'outside'],
    ['early, whatever the reaction', 2000, 100, 5000, 'outside'],
    // A wait far too short, stretched into the bounds by stalls inside it, is not passed.
    ['inside the bounds, by less than the stalls inside it', 2800, 400, 0, 'unsure', 400],
    ['inside the bounds, by more than the stalls inside it', 3500, 400, 0, 'within', 400],
    // Only a first receive time taken late makes a gap look short: stalls elsewhere in the
    // measure do not excuse one.
    ['early by less than the stall, more than held before it', 2600, 300, 0, 'outside', 0, 50],
    ['early by less than held before it', 2600, 300, 0, 'unsure', 0, 150],
    ['late by less than the stall, whatever was held', 4600, 200, 0, 'unsure', 0, 0],
  ];
  it.each(gaps)('%s', (_, seen, lagMs, lateMs, verdict, insideMs, heldMs) => {
    const bounds = { low: 2700, high: 4500 };
    expect(judgeGap(seen, bounds, { lagMs, lateMs, insideMs, heldMs })).toBe(verdict);
  });
});

// A stall delays a receive time taken as it ends; one that ended well before, or a free loop since,
// delays nothing.
describe('watchLoopLag().heldBefore', () => {
  it.each([
    ['taken as a stall ends: held for all the span', { freeMs: 0, atLeast: 40 }],
    ['taken after the loop ran freely since the stall', { freeMs: 80, atMost: 39 }],
  ] as const)('%s', async (_, { freeMs, ...bound }) => {
    const lag = watchLoopLag();
    await sleep(15);
    holdLoop(80);
    if (freeMs) await sleep(freeMs);
    const at = performance.now();
    // The probe records a stall when the tick it delayed comes.
    await sleep(15);
    const held = lag.heldBefore(at, 40);
    lag.stop();
    if ('atLeast' in bound) expect(held).toBeGreaterThanOrEqual(bound.atLeast);
    if ('atMost' in bound) expect(held).toBeLessThanOrEqual(bound.atMost);
  });
});

describe("the stalls of the suite's loop", () => {
  it('counts a stall inside a span, and none outside it', async () => {
    const lag = watchLoopLag();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const from = performance.now();
    holdLoop(80);
    const to = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    lag.stop();
    expect(lag.within(from - 5, to + 15)).toBeGreaterThan(50);
    // A busy machine may stall the loop there too, but never for the 80 ms stall before it.
    expect(lag.within(to + 20, to + 25)).toBeLessThan(50);
  });
});
