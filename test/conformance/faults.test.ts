import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/conformance/profile/profile.ts';
import { runConformance, runVersions, selectChecks } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { listVersions, loadVersionRegistry } from '../../src/versions.ts';
import { FAULTS, type Fault } from './fault-catalogue.ts';
import { type FaultHooks, startReferenceWithFaults } from './fault-injection.ts';

// Each fault is injected into a fresh reference server, and the checks of the rule it breaks run
// against it: the fault is caught when one of them fails naming that rule.
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const caught: string[] = [];

/** The versions a fault runs at: where the behaviour it breaks exists; the latest by default. */
const versionsOf = (fault: Fault): string[] =>
  fault.versions?.(listVersions()) ?? [loadVersionRegistry().latest];

/** The rules of the catalogue by the version their faults are run at. */
const RULES_BY_VERSION = new Map<string, string[]>();
for (const fault of FAULTS)
  for (const version of versionsOf(fault))
    RULES_BY_VERSION.set(version, [...(RULES_BY_VERSION.get(version) ?? []), fault.requirement]);

/** Each gate of the registry, with the version that introduced it. */
const GATES = loadVersionRegistry().versions.flatMap((v) =>
  v.gates.map((gate) => ({ ...gate, version: v.version })),
);

/** `use` against a fresh reference server with `hooks` injected, stopped and removed after. */
async function withServer<T>(hooks: FaultHooks, use: (profile: Profile) => Promise<T>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-fault-'));
  const server = await startReferenceWithFaults(hooks, { dataDir, timeScale: SCALE });
  try {
    return await use(
      profileOf(server.url, server.workspace, {
        registry: server.registry,
        timeScale: SCALE,
        triggerEvents: true,
        allowLocalDestinations: true,
      }),
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

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

  // A behaviour a gate introduces is broken where it begins: some fault of the gate's requirements
  // says it runs at the gate's own version (fromGate), not only at the latest.
  it('every gate has a fault that runs where it begins, and every fault runs somewhere', () => {
    const unbroken = GATES.filter(
      (gate) =>
        !FAULTS.some(
          (f) =>
            f.versions &&
            gate.requirements.includes(f.requirement) &&
            versionsOf(f).includes(gate.version),
        ),
    );
    expect(unbroken.map((gate) => gate.id)).toEqual([]);
    expect(FAULTS.filter((f) => versionsOf(f).length === 0).map((f) => f.id)).toEqual([]);
  });

  // The control: the same composition without a fault fails none of those checks, so a fault is
  // caught by what it changes, not by how the server was put together for it. Its cases and the
  // faults' are one concurrent group: a test between them would wait for the slowest control alone.
  it.concurrent.each([...RULES_BY_VERSION])(
    'without a fault, the checks of its rules pass at %s',
    async (version, requirements) => {
      const results = await withServer({}, (profile) =>
        runConformance(profile, version, { checks: selectChecks([...new Set(requirements)]) }),
      );
      expect(results.length).toBeGreaterThan(0);
      expect(
        results.filter((r) => r.status === 'failed').map((r) => [r.check, r.diagnostics]),
      ).toEqual([]);
    },
    60_000,
  );

  // Each fault has a server of its own, and most of a run waits on deliveries and timers: several
  // run at once (vitest's maxConcurrency), which also holds the checks to their verdicts in a busy
  // process. A fault of a timing rule runs alone, as the runner runs its checks after the rest
  // (`quiet`): the reference shares the suite's event loop here, so other faults' servers would
  // stall the very timers the check measures.
  const caughtTest = async (_: string, fault: Fault) => {
    const versions = versionsOf(fault);
    const results = await withServer(fault.hooks(), (profile) =>
      runVersions(profile, versions, { checks: selectChecks([fault.requirement]) }),
    );
    const caughtAt = (version: string) =>
      results.some(
        (r) =>
          r.version === version &&
          r.status === 'failed' &&
          r.diagnostics.some((d) => d.requirement === fault.requirement),
      );
    expect(
      versions.filter((v) => !caughtAt(v)),
      JSON.stringify(results.map((r) => [r.version, r.check, r.status, r.reason])),
    ).toEqual([]);
    caught.push(fault.id);
  };
  const named = (faults: Fault[]) => faults.map((f) => [`${f.requirement} ${f.id}`, f] as const);
  const timed = (fault: Fault) => selectChecks([fault.requirement]).some(([, c]) => c.quiet);
  const TITLE = '%s is caught at every version it runs at';
  it.concurrent.each(named(FAULTS.filter((f) => !timed(f))))(TITLE, caughtTest, 60_000);
  it.each(named(FAULTS.filter(timed)))(TITLE, caughtTest, 60_000);
});
