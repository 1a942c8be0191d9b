import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { lateByRoundTrip, watchLoopLag } from '../../../src/conformance/timing/timing.ts';

/** Holds the event loop for `ms`, as a busy suite does. */
const stall = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

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
    stall(80);
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
