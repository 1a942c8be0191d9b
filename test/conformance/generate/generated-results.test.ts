import { describe, expect, it } from 'vitest';
import type { WatchOutcome } from '../../../src/conformance/generate/delivery-watch.ts';
import { deliveryResult } from '../../../src/conformance/generate/generated-results.ts';

const nothing = { received: 0, fromTraffic: 0, findings: [] };

// Nothing arrived from the generated requests: what the suite's own event shows decides the reason.
describe('deliveryResult when nothing arrived', () => {
  it.each<[string, WatchOutcome, RegExp]>([
    ['no trigger to set one off', nothing, /the profile names no eventTrigger/],
    [
      "the suite's own event did not arrive either",
      { ...nothing, live: false },
      /through the event trigger did not arrive either/,
    ],
    [
      "the wait for the suite's own event was cut short",
      { ...nothing, liveUnjudged: "the suite's own process was too busy to wait: ..." },
      /through the event trigger was cut short: the suite's own process was too busy to wait/,
    ],
  ])('%s: not testable, saying so', (_, outcome, reason) => {
    expect(deliveryResult('2026-08-25', outcome, performance.now())).toMatchObject({
      status: 'not_testable',
      reason: expect.stringMatching(reason),
    });
  });
});
