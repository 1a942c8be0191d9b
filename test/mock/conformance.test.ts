import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShapeFinding } from '../../src/conformance/report/diagnostic-text.ts';
import { type CheckResult, runConformance } from '../../src/conformance/runner.ts';
import { mockProfile } from '../../src/mock/profile.ts';
import { startMock } from '../../src/mock/server.ts';

// The conformance suite against the Prism mock (README, "Conformance against the mock"): every
// answer fits its document, and what a stateless mock cannot do is failed or reported, not passed.
let mock: Awaited<ReturnType<typeof startMock>>;
let results: CheckResult[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  results = await runConformance(mockProfile(mock.url), '2026-08-25');
}, 60_000);
afterAll(() => mock?.close());

const ids = (status: CheckResult['status']) =>
  results.filter((r) => r.status === status).map((r) => r.check);

describe('conformance against the mock', () => {
  it('every answer fits its document: no shape diagnostics', () => {
    expect(
      results.flatMap((r) =>
        r.diagnostics.filter((d) => isShapeFinding(r, d)).map((d) => `${r.check}: ${d.message}`),
      ),
    ).toEqual([]);
  });

  it('passes the rules a stateless mock can keep: versioning, credentials, scopes, request validation', () => {
    expect(ids('passed')).toEqual(
      expect.arrayContaining([
        'ver-02-version-resolution',
        'ver-03-version-header',
        'ver-04-unsupported-version',
        'ver-05-lifecycle',
        'ver-12-avatar-gate',
        'auth-01-missing-credential',
        'auth-02-token-errors',
        'auth-13-scopes',
        'sub-06-v0-organization-only',
        'sub-08-list-scope',
        'sub-09-v1-filter',
        'eph-03-too-long',
      ]),
    );
  });

  it('fails what needs state, an OAuth server or seeded chats, with behaviour diagnostics', () => {
    expect(ids('failed')).toEqual(
      expect.arrayContaining([
        'sub-02-upsert',
        'sub-05-unsubscribe',
        'auth-06-pkce',
        'eph-04-error-table',
      ]),
    );
    for (const result of results.filter((r) => r.status === 'failed'))
      expect(result.diagnostics.filter((d) => !isShapeFinding(result, d))).not.toEqual([]);
  });

  it('reports every delivery check as not testable: the mock sends no deliveries', () => {
    const deliveries = results.filter(
      (r) => r.check.startsWith('dlv-') && r.check !== 'dlv-10-order',
    );
    expect(deliveries.map((r) => [r.check, r.status, r.reason])).toEqual(
      deliveries.map((r) => [r.check, 'not_testable', expect.stringContaining('eventTrigger')]),
    );
  });
});
