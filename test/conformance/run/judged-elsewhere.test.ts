import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { startReferenceWithFaults } from '../fault-injection.ts';

// #32, a fault reported where it is: the check of the rule a fault breaks fails; the checks that
// merely met it pass and say so in a note.
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const CASES: Array<{ fault: string; fails: string; notes: string; note: RegExp }> = [
  {
    fault: 'no-version-on-errors',
    fails: 'ver-03-version-header',
    notes: 'auth-02-token-errors',
    note: /lacked Service-Version: VER-03's finding, judged by ver-03-version-header/,
  },
  {
    fault: 'no-version-on-errors',
    fails: 'ver-03-version-header',
    notes: 'auth-01-missing-credential',
    note: /lacked Service-Version: VER-03's finding/,
  },
  {
    fault: 'new-id-per-attempt',
    fails: 'dlv-04-webhook-id',
    notes: 'dlv-06-attempts',
    note: /retries came each under a webhook-id of its own \(DLV-04's finding/,
  },
];

describe('a fault met by several checks', () => {
  it.concurrent.each(CASES)(
    '$fault fails $fails alone; $notes notes it',
    async ({ fault, fails, notes, note }) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'service-elsewhere-'));
      const hooks = FAULTS.find((f) => f.id === fault)!.hooks();
      const server = await startReferenceWithFaults(hooks, { dataDir, timeScale: SCALE });
      try {
        const options = { timeScale: SCALE, triggerEvents: true, allowLocalDestinations: true };
        const checks = CHECKS.filter(([id]) => id === fails || id === notes);
        const results = await runConformance(
          profileOf(server.url, server.workspace, options),
          loadVersionRegistry().latest,
          { checks },
        );
        const of = (id: string) => results.find((r) => r.check === id)!;
        expect([of(fails).status, of(notes).status]).toEqual(['failed', 'passed']);
        expect(of(notes).notes?.some((n) => note.test(n))).toBe(true);
      } finally {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
