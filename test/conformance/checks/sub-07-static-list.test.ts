import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// The static half of SUB-07 against the reference server, as the profile declares it or not.
const reference = useReferenceServer();
const checks = CHECKS.filter(([id]) => id === 'sub-07-static-list');
const run = async (change: (profile: Profile) => Profile) => {
  const profile = change(profileOf(reference.server.url, reference.server.workspace));
  const [result] = await runConformance(profile, '2026-08-25', { checks });
  return result!;
};

describe('SUB-07: the declared static subscriptions in the v1 list', () => {
  it('passes when each is listed as static', async () => {
    const result = await run((p) => p);
    expect([result.status, result.diagnostics]).toEqual(['passed', []]);
  });

  it('fails, naming SUB-07, for a declared subscription the list does not show', async () => {
    const result = await run((p) => ({
      ...p,
      staticSubscriptions: [{ event: 'meeting.ended', url: 'https://hooks.example.com/absent' }],
    }));
    expect(result.status).toBe('failed');
    expect(result.diagnostics.map((d) => [d.requirement, d.message])).toEqual([
      ['SUB-07', 'static meeting.ended to https://hooks.example.com/absent: not listed'],
    ]);
  });

  it('is not testable with a format 1 profile, which declares none', async () => {
    const result = await run(({ staticSubscriptions: _, ...p }) => ({
      ...p,
      format: 'service-contract/profile@1',
    }));
    expect([result.status, result.reason]).toEqual([
      'not_testable',
      expect.stringContaining('format 2'),
    ]);
  });
});
