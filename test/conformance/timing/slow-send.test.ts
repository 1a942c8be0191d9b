import { describe, expect, it } from 'vitest';
import { type SlowSend, slowSendSkip } from '../../../src/conformance/timing/slow-send.ts';
import type { ScaleAsk } from '../../../src/time-scale.ts';

const debounce = {
  what: 'the four changes',
  window: 'debounce window',
  clock: 'debounce',
  consequence: 'they need not coalesce',
  // 10 s of service time at a factor of 50.
  windowMs: 200,
  scales: { retries: 600, debounce: 50, failStreak: 43_200 },
  serviceMs: 20_000,
} as const;

// A check that cannot judge says the real cause: the suite's own stalls, or the round trip.
describe('slowSendSkip', () => {
  it.each<
    [
      string,
      {
        given: Partial<SlowSend>;
        want: { rerun: boolean; reason: RegExp[]; remedy?: ScaleAsk[] };
      },
    ]
  >([
    [
      'the network: 40 ms each way against a 200 ms window',
      {
        given: { sendsMs: [120, 120, 120, 120], stalledMs: 3 },
        want: {
          rerun: false,
          reason: [
            /^the four changes took 480 ms to send \(round trip ~120 ms each/,
            /stalled only 3 ms\) against the 200 ms debounce window, over half of it/,
            /the time went to the network or the implementation's trigger, not this machine/,
            // 10 s / 6 = 1667 ms: half of it is 833 ms, room again over the 480 ms sent.
            /your implementation's debounce runs at 50x \(profile `timeScale.debounce`\); a scale of at most 6 leaves room/,
          ],
          remedy: [{ clock: 'debounce', now: 50, atMost: 6, waitMs: 20_000 }],
        },
      },
    ],
    [
      'a round trip too long even in real time',
      {
        given: { sendsMs: [2000, 2000, 2000, 2000], stalledMs: 0 },
        want: {
          rerun: false,
          reason: [/even real time \(10000 ms\) leaves no room/],
          remedy: [{ clock: 'debounce', now: 50, atMost: 0, waitMs: 20_000 }],
        },
      },
    ],
    [
      "the suite's own event loop",
      {
        given: { sendsMs: [60, 60, 60, 60], stalledMs: 200 },
        want: {
          rerun: true,
          reason: [/stalled for 200 ms, so they need not coalesce; run on a less busy machine$/],
        },
      },
    ],
  ])('%s', (_, { given, want }) => {
    const skip = slowSendSkip({ ...debounce, sendsMs: [], stalledMs: 0, ...given });
    expect(skip.skip).toBe('not_testable');
    expect(skip.rerun === true).toBe(want.rerun);
    for (const part of want.reason) expect(skip.reason).toMatch(part);
    // The remedy speaks of the implementation under test, never of this package's server.
    expect(skip.reason).not.toMatch(/serve|--time-scale/);
    expect(skip.remedy).toEqual(want.remedy);
  });
});
