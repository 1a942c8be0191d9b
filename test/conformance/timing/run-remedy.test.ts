import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { remedyLines, runRemedy } from '../../../src/conformance/report/scale-remedy.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { startReference } from '../../../src/reference/server.ts';
import type { TimeScales } from '../../../src/time-scale.ts';
import { freePort, startForwarder } from '../../support/tcp-forwarder.ts';

/** One-way latency of each link: small, so the remedy's waits stay short. */
const LATENCY_MS = 5;
const TIMING = ['dlv-07-waits', 'dlv-11-reaction-debounce'];
const VERSION = '2026-08-25';

type Closer = { close(): Promise<unknown> };
const open: Closer[] = [];
afterAll(() => Promise.all(open.map((c) => c.close())));

/**
 * An implementation across a network at `timeScale`, and the timing checks run against it: a
 * reference server behind slow links on both ways (the suite to it, it to the receiver), its
 * profile saying the same scales, as an implementer would run theirs.
 */
async function runAcrossNetwork(timeScale: TimeScales) {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-remedy-'));
  const server = await startReference({
    dataDir,
    allowLocalDestinations: true,
    timeScale,
    triggerEvents: true,
  });
  open.push({ close: async () => (await server.close(), rm(dataDir, { recursive: true })) });
  const listen = await freePort();
  const api = await startForwarder({ port: Number(new URL(server.url).port) }, LATENCY_MS);
  const callback = await startForwarder({ port: listen }, LATENCY_MS);
  open.push(api, callback);
  const profile = profileOf(api.url, server.workspace, {
    triggerEvents: true,
    timeScale,
    allowLocalDestinations: true,
  });
  return runConformance(profile, VERSION, {
    checks: CHECKS.filter(([id]) => TIMING.includes(id)),
    callback: { port: listen, url: callback.url },
    fullSchedule: true,
  });
}

// #33: each check's suggestion undid the other's; the run's one remedy, applied to the
// implementation and its profile alike, lets every check that asked judge.
describe('the run remedy for an implementation across a network', () => {
  it('names no command of this package, and applied, makes the timing checks testable', async () => {
    // Retry waits of 1.7 ms and a 10 ms debounce window: shorter than the links' round trips.
    const fast = { retries: 600, debounce: 1000, failStreak: 43_200 };
    const before = await runAcrossNetwork(fast);
    // Every check that could not judge asked for a time scale; DLV-11's window is surely too short.
    const asked = before.filter((r) => r.status === 'not_testable');
    expect(asked.map((r) => r.check)).toContain('dlv-11-reaction-debounce');
    for (const r of asked) expect(r.remedy, r.check).toBeDefined();
    const text = remedyLines(before).join('\n');
    expect(text).not.toMatch(/serve|--time-scale|reference server/);
    expect(text).toMatch(/Run your implementation's clocks at these factors/);
    // The remedy's factor for each clock a check asked of; the others as they were.
    const scales = { ...fast };
    for (const { clock, scale } of runRemedy(before)!.clocks) {
      expect(scale, clock).toBeGreaterThanOrEqual(1);
      scales[clock] = scale!;
    }
    const after = await runAcrossNetwork(scales);
    expect(after.map((r) => [r.check, r.status, r.reason])).toEqual(
      TIMING.map((id) => [id, 'passed', undefined]),
    );
  }, 240_000);
});
