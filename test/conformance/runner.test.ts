import { declaredChanges } from '../../src/version-changes/instruction.ts';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/conformance/run/check.ts';
import { until } from '../../src/conformance/timing/until.ts';
import { CHECKS } from '../../src/conformance/checks/index.ts';
import { isShapeFinding } from '../../src/conformance/report/diagnostic-text.ts';
import {
  type CheckResult,
  runConformance,
  runVersions,
  selectChecks,
} from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { listVersions } from '../../src/versions.ts';
import { holdLoop } from '../support/hold-loop.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// Each clock scaled so it is short and still measurable: waits of 17 and 83 ms, a 200 ms debounce,
// a 2 s day.
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const reference = useReferenceServer({ timeScale: SCALE, triggerEvents: true });
const referenceProfile = () =>
  profileOf(reference.server.url, reference.server.workspace, {
    timeScale: SCALE,
    triggerEvents: true,
    allowLocalDestinations: true,
  });
const only = (...ids: string[]) => ({ checks: CHECKS.filter(([id]) => ids.includes(id)) });

describe('conformance against the reference server', () => {
  // Every version at once, as the command runs them: the checks' declared names keep apart those
  // that would hear each other's deliveries.
  let all: Promise<CheckResult[]> | undefined;
  const atVersion = async (version: string) =>
    (await (all ??= runVersions(referenceProfile(), listVersions()))).filter(
      (r) => r.version === version,
    );
  it.each(listVersions())(
    'every applicable check passes at %s',
    async (version) => {
      const results = await atVersion(version);
      expect(results.map((r) => r.check)).toEqual(CHECKS.map(([id]) => id));
      expect(
        results
          .filter((r) => r.status !== 'passed' && r.status !== 'not_applicable')
          .map((r) => [r.check, r.diagnostics, r.reason]),
      ).toEqual([]);
      // Only the rules that nothing could break are not applicable; each says why.
      expect(
        results
          .filter((r) => r.status === 'not_applicable')
          .map((r) => [r.check, Boolean(r.reason)]),
      ).toEqual([
        // Applicable once openapi/versions.yaml declares a shape change.
        ...(declaredChanges().length ? [] : [['ver-01-declared-shapes', true]]),
        ['ver-15-cursor', true],
        ['dlv-10-order', true],
      ]);
    },
    120_000,
  );

  it('results come by version, then in the order of the checks', async () => {
    await atVersion(listVersions()[0]!);
    expect((await all!).map((r) => `${r.version} ${r.check}`)).toEqual(
      listVersions().flatMap((v) => CHECKS.map(([id]) => `${v} ${id}`)),
    );
  }, 120_000);
});

describe('conformance against an implementation that gets everything wrong', () => {
  it('every applicable check fails and names its requirement', async () => {
    // Answers 200 with an empty object to anything: no version header, no errors, no ids, no
    // deliveries.
    const wrong = await startRecordingServer(() => ({ status: 200, body: {} }));
    try {
      const profile = {
        ...referenceProfile(),
        baseUrl: wrong.url,
        authUrl: wrong.url,
        eventTrigger: `${wrong.url}/events`,
        ephemeralStream: `${wrong.url}/stream?user={user}`,
      };
      const results = await runConformance(profile, '2026-08-25');
      // A code's single use cannot be tried where no code is ever issued: the check says so
      // (authorize-redirect is the one that fails for it).
      const unexercised = ['auth-05-code-single-use'];
      const applicable = results.filter(
        (r) => r.status !== 'not_applicable' && !unexercised.includes(r.check),
      );
      expect(applicable.filter((r) => r.status !== 'failed').map((r) => r.check)).toEqual([]);
      expect(
        results.filter((r) => unexercised.includes(r.check)).map((r) => [r.status, r.reason]),
      ).toEqual(unexercised.map(() => ['not_testable', expect.stringContaining('no code')]));
      for (const result of applicable) {
        const [, check] = CHECKS.find(([id]) => id === result.check)!;
        expect(result.diagnostics.map((d) => d.requirement)).toContain(check.requirements[0]);
      }
    } finally {
      await wrong.close();
    }
  }, 60_000);

  it('a check whose answers break the document fails with a shape diagnostic', async () => {
    // The right status and code, sent as text/plain where the document says JSON.
    const odd = await startRecordingServer(() => ({
      status: 401,
      headers: { 'service-version': '2026-08-25', 'content-type': 'text/plain' },
      body: { error: 'not_authed' },
    }));
    try {
      const profile = { ...referenceProfile(), baseUrl: odd.url, authUrl: odd.url };
      const [result] = await runConformance(
        profile,
        '2026-08-25',
        only('auth-01-missing-credential'),
      );
      // The response rule's own diagnostic, named by the request and the check's requirement.
      // One for each operation the check calls, the first v1 list.
      expect(result).toMatchObject({ status: 'failed' });
      expect(result!.diagnostics.length).toBeGreaterThan(1);
      expect(result!.diagnostics.every((d) => d.rule === 'content_type')).toBe(true);
      expect(result!.diagnostics[0]).toMatchObject({
        rule: 'content_type',
        requirement: 'AUTH-01',
        version: '2026-08-25',
        severity: 'error',
        location: 'header content-type',
        message: expect.stringMatching(/^GET \/v1\/webhook.list: content type text\/plain/),
      });
      expect(isShapeFinding(result!, result!.diagnostics[0]!)).toBe(true);
    } finally {
      await odd.close();
    }
  });

  it("the answer to a consent form is held to the authorize step's document as well", async () => {
    const page = '<html><body><form method="post"><input name="a" value="b"></form></body></html>';
    const oauth = await startRecordingServer((request) =>
      request.method === 'POST'
        ? { status: 503 }
        : { status: 200, headers: { 'content-type': 'text/html' }, body: page },
    );
    try {
      const profile = { ...referenceProfile(), authUrl: oauth.url };
      const [result] = await runConformance(
        profile,
        '2026-08-25',
        only('auth-05-authorize-redirect'),
      );
      expect(result!.diagnostics).toContainEqual({
        rule: 'undocumented_status',
        requirement: 'AUTH-05',
        version: '2026-08-25',
        severity: 'error',
        location: 'status',
        message: 'GET /oauth/authorize: status 503 is not documented for GET /oauth/authorize',
      });
    } finally {
      await oauth.close();
    }
  });

  it('a check that cannot find a credential says so instead of passing', async () => {
    const profile = { ...referenceProfile(), credentials: [] };
    const [result] = await runConformance(profile, '2026-08-25', only('ver-03-version-header'));
    expect(result).toMatchObject({
      status: 'not_testable',
      reason: expect.stringContaining('no organization credential pinned to 2026-08-25'),
    });
  });

  it('delivery checks without an event trigger are not testable, not passed', async () => {
    const { eventTrigger: _, ...profile } = referenceProfile();
    const results = await runConformance(
      profile,
      '2026-08-25',
      only('dlv-01-post', 'ver-08-payload-shape'),
    );
    expect(results.map((r) => [r.status, r.reason])).toEqual(
      Array(2).fill(['not_testable', expect.stringContaining('eventTrigger')]),
    );
  });

  it('waits longer than the budget are not testable at real time unless the full schedule is asked for', async () => {
    const [result] = await runConformance(
      { ...referenceProfile(), timeScale: 1 },
      '2026-08-25',
      only('health-03-04-pause'),
    );
    expect(result).toMatchObject({
      status: 'not_testable',
      reason: expect.stringContaining('--full-schedule'),
    });
  });
});

/**
 * A check whose first `stalled` runs wait for an arrival that never comes while the suite's loop
 * is blocked throughout (the wait's bound comes first), and report it if the wait says so.
 */
function stalledWaits(stalled: number): Check['run'] {
  let runs = 0;
  return async ({ report }) => {
    runs += 1;
    const stall = () => (holdLoop(250), false);
    const came = await until(runs <= stalled ? stall : () => true, 20);
    if (!came) report({ message: 'nothing arrived' });
  };
}

describe('what a check reports, the runner names', () => {
  const base = {
    requirements: ['VER-02', 'VER-03'],
    title: 'a check of the runner',
    basis: 'stated' as const,
  };
  const own = (run: Check['run']) =>
    runConformance(referenceProfile(), '2026-08-25', { checks: [['own-check', { ...base, run }]] });
  const finding = { rule: 'own-check', version: '2026-08-25', severity: 'error' as const };
  const cases: Array<[string, Check['run'], Partial<CheckResult>]> = [
    ['nothing: passed', async () => {}, { status: 'passed', diagnostics: [] }],
    [
      'a finding: its rule the id, its requirement the first, the version under test',
      async ({ report }) => report({ message: 'm', expected: 1, actual: 2 }),
      {
        status: 'failed',
        diagnostics: [{ ...finding, requirement: 'VER-02', message: 'm', expected: 1, actual: 2 }],
      },
    ],
    [
      'a finding for another of its requirements, with a location',
      async ({ report }) => report({ message: 'm', requirement: 'VER-03', location: 'body/id' }),
      {
        status: 'failed',
        diagnostics: [{ ...finding, requirement: 'VER-03', message: 'm', location: 'body/id' }],
      },
    ],
    [
      'a throw: failed, saying why',
      async () => {
        throw new Error('boom');
      },
      {
        status: 'failed',
        diagnostics: [
          { ...finding, requirement: 'VER-02', message: 'the check could not finish: boom' },
        ],
      },
    ],
    [
      'a skip: not testable, with its reason',
      async () => ({ skip: 'not_testable', reason: 'r' }),
      { status: 'not_testable', reason: 'r', diagnostics: [] },
    ],
    [
      'a skip after a finding: failed, the finding kept',
      async ({ report }) => {
        report({ message: 'm' });
        return { skip: 'not_testable', reason: 'r' };
      },
      {
        status: 'failed',
        diagnostics: [{ ...finding, requirement: 'VER-02', message: 'm' }],
      },
    ],
    [
      "a wait the suite's own stalls cut short, then a calm one: measured again, passed",
      stalledWaits(1),
      { status: 'passed', diagnostics: [] },
    ],
    [
      "a wait the suite's own stalls cut short every time: not testable, saying so",
      stalledWaits(Infinity),
      {
        status: 'not_testable',
        reason: expect.stringMatching(/^the suite's own process was too busy to wait/),
        diagnostics: [],
      },
    ],
  ];
  it.each(cases)('%s', async (_, run, want) => {
    const [result] = await own(run);
    expect(result).toMatchObject({ check: 'own-check', ...want });
    expect(result!.diagnostics).toEqual(want.diagnostics);
  });
});

describe('selectChecks', () => {
  const cases: Array<[string, string[], string[]]> = [
    ['a check id', ['auth-06-pkce'], ['auth-06-pkce']],
    ['a requirement ID', ['AUTH-05'], ['auth-05-authorize-redirect', 'auth-05-code-single-use']],
    ['a requirement shared by a check covering several', ['HEALTH-04'], ['health-03-04-pause']],
    ['nothing known', ['NOPE-1'], []],
  ];
  it.each(cases)('selects by %s', (_, only, ids) => {
    expect(selectChecks(only).map(([id]) => id)).toEqual(ids);
  });
  it('selects every check without --only', () => {
    expect(selectChecks(undefined)).toHaveLength(CHECKS.length);
  });
});
