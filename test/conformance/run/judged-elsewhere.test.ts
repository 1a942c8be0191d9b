import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import type { CheckResult } from '../../../src/conformance/run/check-result.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { startReferenceWithFaults } from '../fault-injection.ts';

// #32, a fault reported where it is: answers without Service-Version (VER-03) fail the check of
// VER-03 alone; the checks that merely met them pass and say so.
const NOTE = /lacked Service-Version: VER-03's finding, judged by ver-03-version-header/;
const ROWS: Array<[check: string, status: CheckResult['status'], noted: boolean]> = [
  ['ver-03-version-header', 'failed', false],
  ['auth-01-missing-credential', 'passed', true],
  ['auth-02-token-errors', 'passed', true],
];

let results: CheckResult[] = [];
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-elsewhere-'));
  const fault = FAULTS.find((f) => f.id === 'no-version-on-errors')!;
  const server = await startReferenceWithFaults(fault.hooks(), { dataDir });
  try {
    const checks = CHECKS.filter(([id]) => ROWS.some(([check]) => check === id));
    const profile = profileOf(server.url, server.workspace);
    results = await runConformance(profile, loadVersionRegistry().latest, { checks });
  } finally {
    await server.close();
  }
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('a missing Service-Version, met by several checks', () => {
  it.each(ROWS)('%s is %s, noting it met the finding: %s', (check, status, noted) => {
    const result = results.find((r) => r.check === check)!;
    expect(result.status).toBe(status);
    expect((result.notes ?? []).some((n) => NOTE.test(n))).toBe(noted);
  });
});
