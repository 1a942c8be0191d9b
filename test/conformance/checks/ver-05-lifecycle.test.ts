import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { listVersions } from '../../../src/versions.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// VER-05 judges the lifecycle the profile declares: the reference server deprecates and retires
// nothing, so a profile that says otherwise is held to its word and fails.
const reference = useReferenceServer();
const checks = CHECKS.filter(([id]) => id === 'ver-05-lifecycle');
const [baseline, second] = listVersions();
const run = async (lifecycle: Profile['lifecycle'], version: string) => {
  const profile = { ...profileOf(reference.server.url, reference.server.workspace), lifecycle };
  const [result] = await runConformance(profile, version, { checks });
  return result!;
};

describe('VER-05: the declared lifecycle', () => {
  it.each([
    [
      'every version supported, as the server answers',
      { lifecycle: { deprecated: [], sunset: [] }, version: second!, want: 'passed' },
    ],
    [
      'a version declared deprecated that answers without Deprecation and Sunset',
      { lifecycle: { deprecated: [second!], sunset: [] }, version: second!, want: 'failed' },
    ],
    [
      'a version declared sunset that answers 200',
      { lifecycle: { deprecated: [], sunset: [baseline!] }, version: baseline!, want: 'failed' },
    ],
    [
      'another version declared sunset: this one is still held to supported',
      { lifecycle: { deprecated: [], sunset: [baseline!] }, version: second!, want: 'passed' },
    ],
    ['no lifecycle declared', { lifecycle: undefined, version: second!, want: 'not_testable' }],
  ])('%s', async (_, { lifecycle, version, want }) => {
    const result = await run(lifecycle, version);
    expect(result.status, JSON.stringify(result.diagnostics)).toBe(want);
    if (want === 'failed') expect(result.diagnostics[0]?.exchange?.answer?.status).toBe(200);
  });
});
