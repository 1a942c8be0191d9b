import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runVersions } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startReference } from '../../src/reference/server.ts';
import { listVersions } from '../../src/versions.ts';

// Speed targets live here, never in tests. The whole suite against the reference server, every
// version at once, without --full-schedule; the baseline is the longest single check of the same
// run (HEALTH-03/04's day of failures at its scale, or DLV-08's real 3-second answer window),
// which no scheduling of the checks can beat.
const TARGET_RATIO = 5;
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-bench-conformance-'));
  const server = await startReference({
    dataDir,
    port: 0,
    timeScale: SCALE,
    triggerEvents: true,
    allowLocalDestinations: true,
  });
  try {
    const profile = profileOf(server.url, server.workspace, {
      timeScale: SCALE,
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    const versions = listVersions();
    const started = performance.now();
    const results = await runVersions(profile, versions);
    const wall = performance.now() - started;
    const longest = results.reduce((best, r) => (r.durationMs > best.durationMs ? r : best));
    const ratio = wall / longest.durationMs;
    const count = (status: string) => results.filter((r) => r.status === status).length;
    console.log(
      `conformance suite against the reference server (${results.length / versions.length} checks x ${versions.length} versions at once, time scale ${JSON.stringify(SCALE)})`,
    );
    console.log(`  all versions                ${Math.round(wall)} ms`);
    console.log(
      `  baseline: longest check     ${longest.durationMs} ms (${longest.check} at ${longest.version})`,
    );
    console.log(
      `  all versions = ${ratio.toFixed(2)}x the longest check (target at most ${TARGET_RATIO}x)`,
    );
    // The checks' own durations added up: how much of them running at once overlaps.
    const sum = results.reduce((total, r) => total + r.durationMs, 0);
    console.log(
      `  checks' durations added up ${sum} ms (${(sum / wall).toFixed(1)}x all versions)`,
    );
    console.log(
      `  ${count('passed')} passed, ${count('failed')} failed, ${count('not_testable')} not testable, ${count('not_applicable')} not applicable`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
