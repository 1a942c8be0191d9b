import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/checks/index.ts';
import { runConformance } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { listVersions } from '../../src/versions.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { useReferenceServer } from '../support/reference-server.ts';

const reference = useReferenceServer();

describe('conformance against the reference server', () => {
  it.each(listVersions())('every check passes at %s', async (version) => {
    const profile = profileOf(reference.server.url, reference.server.workspace);
    const results = await runConformance(profile, version);
    expect(results.map((r) => r.check)).toEqual(CHECKS.map((c) => c.id));
    expect(results.filter((r) => r.status !== 'passed')).toEqual([]);
  });
});

describe('conformance against an implementation that gets everything wrong', () => {
  it('every check fails and names its requirement', async () => {
    // Answers 200 with an empty object to anything: no version header, no errors, no ids.
    const wrong = await startRecordingServer(() => ({ status: 200, body: {} }));
    try {
      const profile = { ...profileOf(wrong.url, reference.server.workspace), baseUrl: wrong.url, authUrl: wrong.url };
      const results = await runConformance(profile, '2026-08-25');
      expect(results.filter((r) => r.status !== 'failed').map((r) => r.check)).toEqual([]);
      for (const result of results) {
        expect(result.diagnostics.map((d) => d.requirement)).toContain(CHECKS.find((c) => c.id === result.check)!.requirements[0]);
      }
    } finally {
      await wrong.close();
    }
  });

  it('a check whose answers break the document fails with a shape diagnostic', async () => {
    // The right status and code, sent as text/plain where the document says JSON.
    const odd = await startRecordingServer(() => ({ status: 401, headers: { 'service-version': '2026-08-25', 'content-type': 'text/plain' }, body: { error: 'not_authed' } }));
    try {
      const profile = { ...profileOf(odd.url, reference.server.workspace), baseUrl: odd.url, authUrl: odd.url };
      const [result] = await runConformance(profile, '2026-08-25', CHECKS.filter((c) => c.id === 'auth-01-missing-credential'));
      expect(result).toMatchObject({ status: 'failed', diagnostics: [expect.objectContaining({ message: expect.stringMatching(/^shape: GET \/v1\/webhook.list/) })] });
    } finally {
      await odd.close();
    }
  });

  it('a check that cannot find a credential says so instead of passing', async () => {
    const profile = { ...profileOf(reference.server.url, reference.server.workspace), credentials: [] };
    const [result] = await runConformance(profile, '2026-08-25', CHECKS.filter((c) => c.id === 'ver-03-version-header'));
    expect(result).toMatchObject({ status: 'not_testable', reason: expect.stringContaining('no organization credential pinned to 2026-08-25') });
  });
});
