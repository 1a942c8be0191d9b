import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance, selectChecks } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startReference } from '../../src/reference/server.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { FAULTS } from './fault-catalogue.ts';

// Each fault is injected into a fresh reference server, and the checks of the rule it breaks run
// against it: the fault is caught when one of them fails naming that rule.
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const caught: string[] = [];

afterAll(() => {
  console.log(
    `mutation score: ${caught.length}/${FAULTS.length} faults caught (${((100 * caught.length) / FAULTS.length).toFixed(1)}%)`,
  );
});

describe('the fault catalogue', () => {
  it('has at least 30 faults, each breaking a rule some check covers', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    expect(
      FAULTS.filter((f) => selectChecks([f.requirement]).length === 0).map((f) => f.id),
    ).toEqual([]);
  });

  it.each(FAULTS.map((f) => [`${f.requirement} ${f.id}`, f] as const))(
    '%s is caught',
    async (_, fault) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'service-fault-'));
      const server = await startReference({
        dataDir,
        port: 0,
        timeScale: SCALE,
        triggerEvents: true,
        allowLocalDestinations: true,
        faults: fault.hooks(),
      });
      try {
        const profile = profileOf(server.url, server.workspace, {
          timeScale: SCALE,
          triggerEvents: true,
          allowLocalDestinations: true,
        });
        const results = await runConformance(
          profile,
          fault.version ?? loadVersionRegistry().latest,
          { checks: selectChecks([fault.requirement]) },
        );
        const named = results.filter(
          (r) =>
            r.status === 'failed' && r.diagnostics.some((d) => d.requirement === fault.requirement),
        );
        expect(
          named.map((r) => r.check),
          JSON.stringify(results.map((r) => [r.check, r.status, r.reason])),
        ).not.toEqual([]);
        caught.push(fault.id);
      } finally {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
