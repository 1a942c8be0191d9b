import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { type CheckResult, runVersions } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { listVersions } from '../../../src/versions.ts';
import { type FaultHooks, startReferenceWithFaults } from '../fault-injection.ts';

// HEALTH-03/04 at every version at once, as the command runs it: each run's hooks hear the other
// runs' events too, and that must neither hide a fault nor make one up. A 2 s day.
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const checks = CHECKS.filter(([id]) => id === 'health-03-04-pause');

async function runAllVersions(hooks: FaultHooks): Promise<CheckResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-health-'));
  const server = await startReferenceWithFaults(hooks, { dataDir, timeScale: SCALE });
  try {
    const profile = profileOf(server.url, server.workspace, {
      timeScale: SCALE,
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    return await runVersions(profile, listVersions(), { checks });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const messages = (result: CheckResult) =>
  result.diagnostics.map((d) => `${d.requirement} ${d.message}`);

describe('HEALTH-03/04: a day of failures pauses v1 and never v0, every version at once', () => {
  it('passes at every version against the reference server', async () => {
    const results = await runAllVersions({});
    expect(results.map((r) => [r.version, r.status, r.diagnostics])).toEqual(
      listVersions().map((version) => [version, 'passed', []]),
    );
  }, 30_000);

  it.each([
    [
      'never pauses',
      { pauseAfterStreak: 10 * 86_400 },
      [
        'HEALTH-03 after failing for a day the v1 subscription has no disabledAt',
        'HEALTH-03 an event emitted after a day of failures still reached the v1 subscription',
      ],
    ],
    [
      // The streak opens at the first failure, so the second pauses: the check fails a second
      // time a quarter of a day on.
      'pauses at its second failure, whatever their span',
      { pauseAfterStreak: 0 },
      ['HEALTH-03 the v1 subscription was paused before its failures spanned a day'],
    ],
  ])(
    'fails at every version, naming HEALTH-03, for a server that %s',
    async (_, policy, found) => {
      const results = await runAllVersions({ policy });
      expect(results.map((r) => [r.version, r.status, messages(r)])).toEqual(
        listVersions().map((version) => [version, 'failed', found]),
      );
    },
    30_000,
  );
});
