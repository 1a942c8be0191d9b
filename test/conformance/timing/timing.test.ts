import { describe, expect, it } from 'vitest';
import { lateByRoundTrip } from '../../../src/conformance/timing/timing.ts';

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
