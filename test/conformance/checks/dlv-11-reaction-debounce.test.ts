import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';
import { startForwarder } from '../../support/tcp-forwarder.ts';

// The debounce window at 50 times real time: 10 s of service time is 200 ms.
const timeScale = { retries: 600, debounce: 50, failStreak: 43_200 };
const reference = useReferenceServer({ triggerEvents: true, timeScale });
let slowLink: Awaited<ReturnType<typeof startForwarder>>;
beforeAll(async () => {
  // 40 ms each way between the suite and the server: a network, not a busy machine.
  slowLink = await startForwarder({ port: Number(new URL(reference.server.url).port) }, 40);
});
afterAll(() => slowLink?.close());

describe('dlv-11 across a slow network', () => {
  it('says the round trip against the scaled window is the cause, and which time scale would do', async () => {
    const profile = profileOf(slowLink.url, reference.server.workspace, {
      triggerEvents: true,
      timeScale,
      allowLocalDestinations: true,
    });
    const checks = CHECKS.filter(([id]) => id === 'dlv-11-reaction-debounce');
    const [result] = await runConformance(profile, '2026-08-25', { checks });
    expect(result?.status).toBe('not_testable');
    expect(result?.reason).toMatch(
      /^the four changes took \d+ ms to send \(round trip ~(8\d|9\d|1\d\d) ms each; the suite's own event loop stalled only \d+ ms\) against the 200 ms debounce window at a debounce time scale of 50/,
    );
    expect(result?.reason).toMatch(/a debounce time scale of at most \d+ would leave room/);
    expect(result?.reason).not.toMatch(/less busy machine/);
  });
});
