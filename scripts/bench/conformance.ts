import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckResult, runConformance } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startReference } from '../../src/reference/server.ts';
import { listVersions } from '../../src/versions.ts';

// Speed targets live here, never in tests. The whole suite against the reference server, every
// version, without --full-schedule; the baseline is the longest single check of each version
// (a real 3-second answer window or a scaled day), which no ordering of the checks can beat.
const TARGET_MS = 60_000;
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
    const lines: string[] = [];
    let total = 0;
    let floor = 0;
    const results: CheckResult[] = [];
    for (const version of listVersions()) {
      const started = performance.now();
      const own = await runConformance(profile, version);
      const wall = performance.now() - started;
      const longest = own.reduce((best, r) => (r.durationMs > best.durationMs ? r : best));
      total += wall;
      floor += longest.durationMs;
      results.push(...own);
      lines.push(
        `  ${version}  ${Math.round(wall)} ms (longest check ${longest.check}, ${longest.durationMs} ms)`,
      );
    }
    const passed = results.filter((r) => r.status === 'passed').length;
    const applicable = results.filter((r) => r.status !== 'not_applicable').length;
    console.log(
      `conformance suite against the reference server (${results.length / listVersions().length} checks x ${listVersions().length} versions, time scale ${JSON.stringify(SCALE)})`,
    );
    for (const line of lines) console.log(line);
    console.log(
      `  whole suite                 ${Math.round(total)} ms  = ${(total / TARGET_MS).toFixed(2)} of the 60 s target`,
    );
    console.log(
      `  baseline: longest checks    ${Math.round(floor)} ms  suite = ${(total / floor).toFixed(2)}x baseline`,
    );
    console.log(`  ${passed}/${applicable} applicable checks passed`);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
