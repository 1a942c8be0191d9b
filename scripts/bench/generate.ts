import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGenerate } from '../../src/conformance/generate/run-generate.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startReference } from '../../src/reference/server.ts';
import { listVersions } from '../../src/versions.ts';

// The generative phase (`conformance --generate`) against the reference server, every version,
// with the CLI's default budget (100 requests per operation and version, 100 s at most); the target
// is under 2 minutes. The baseline: as many plain requests, one after another, as the phase sent,
// each a `token.info` with a valid credential: the cost of the HTTP alone.
const TARGET_MS = 120_000;
const DEFAULTS = { seed: 20261123, maxExamples: 100, maxTimeMs: 100_000 };

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-bench-generate-'));
  const server = await startReference({
    dataDir,
    port: 0,
    triggerEvents: true,
    allowLocalDestinations: true,
  });
  try {
    const profile = profileOf(server.url, server.workspace, {
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    const started = performance.now();
    const report = await runGenerate(profile, listVersions(), DEFAULTS);
    const phase = performance.now() - started;
    const cases = report.runs.reduce((n, r) => n + r.cases, 0);
    const token = profile.credentials.find((c) => !c.revoked)!.token;
    const plainStarted = performance.now();
    for (let i = 0; i < cases; i += 1) {
      const response = await fetch(`${server.url}/v1/token.info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
    }
    const plain = performance.now() - plainStarted;
    console.log(
      `generated requests against the reference server (${listVersions().length} versions, ${report.runs.length} operation runs, seed ${DEFAULTS.seed})`,
    );
    console.log(
      `  phase          ${Math.round(phase)} ms  = ${(phase / TARGET_MS).toFixed(2)} of the 2 min target; ${cases} cases, ${report.failures.length} failed`,
    );
    console.log(
      `  baseline: ${cases} plain requests  ${Math.round(plain)} ms  phase = ${(phase / plain).toFixed(2)}x baseline`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
