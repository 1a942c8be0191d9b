import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toJsonReport } from '../../../src/conformance/report/json-report.ts';
import { toJUnit } from '../../../src/conformance/report/junit.ts';
import {
  allPassed,
  summarizeByRequirement,
} from '../../../src/conformance/report/requirement-summary.ts';
import { textSummary } from '../../../src/conformance/report/text-summary.ts';
import type { CheckResult } from '../../../src/conformance/runner.ts';
import { diagnostic } from '../../../src/diagnostic.ts';

const result = (
  check: string,
  requirements: string[],
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  check,
  title: `title of ${check}`,
  version: '2026-08-25',
  requirements,
  status,
  diagnostics: [],
  durationMs: 12,
  ...extra,
});
const failure = (requirement: string, message: string) =>
  diagnostic('b', message, {
    requirement,
    version: '2026-08-25',
    // A check's own finding may say where, too: it is told from shape findings by its rule.
    location: 'header webhook-signature',
    expected: 1,
    actual: 2,
  });
/** What the response rules found in an answer of check e, as the runner records it. */
const shape = diagnostic(
  'content_type',
  'GET /v1/webhook.list: content type text/plain is not one of application/json',
  {
    requirement: 'VER-03',
    version: '2026-06-01',
    location: 'header content-type',
  },
);

const RESULTS: CheckResult[] = [
  result('a', ['VER-02'], 'passed'),
  result('b', ['DLV-03', 'AUTH-12'], 'failed', {
    diagnostics: [failure('DLV-03', 'signature <mismatch> & \u0001control')],
  }),
  result('c', ['DLV-10'], 'not_applicable', { reason: 'nothing to break' }),
  result('d', ['HEALTH-03', 'HEALTH-04'], 'not_testable', { reason: 'takes a day' }),
  result('a', ['VER-02'], 'passed', { version: '2026-06-01' }),
  result('e', ['VER-03'], 'failed', { version: '2026-06-01', diagnostics: [shape] }),
];

describe('summarizeByRequirement', () => {
  const cases: Array<[string, string]> = [
    ['VER-02', 'passed'],
    ['DLV-03', 'failed'],
    // A failed check fails every requirement it cites, whichever its findings name.
    ['AUTH-12', 'failed'],
    ['DLV-10', 'not_applicable'],
    ['HEALTH-04', 'not_testable'],
  ];
  it.each(cases)('%s is %s', (requirement, verdict) => {
    expect(
      summarizeByRequirement(RESULTS).find((s) => s.requirement === requirement)?.verdict,
    ).toBe(verdict);
  });

  it('orders requirements by family and number', () => {
    expect(summarizeByRequirement(RESULTS).map((s) => s.requirement)).toEqual([
      'AUTH-12',
      'DLV-03',
      'DLV-10',
      'HEALTH-03',
      'HEALTH-04',
      'VER-02',
      'VER-03',
    ]);
  });
});

describe('allPassed (the exit code)', () => {
  const cases: Array<[string, CheckResult[], boolean]> = [
    ['passed and not applicable', [RESULTS[0]!, RESULTS[2]!], true],
    ['a failure', RESULTS, false],
    ['a check that could not be tested', [RESULTS[0]!, RESULTS[3]!], false],
  ];
  it.each(cases)('%s', (_, results, passed) => {
    expect(allPassed(results)).toBe(passed);
  });
});

describe('toJUnit', () => {
  const xml = toJUnit(RESULTS);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);

  it('is well-formed XML, with what XML cannot carry replaced', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('\u0001');
  });

  it('has one suite per version and counts failures and skips', () => {
    const suites = [parsed.testsuites.testsuite].flat();
    expect(
      suites.map((s: Record<string, string>) => [s.name, s.tests, s.failures, s.skipped]),
    ).toEqual([
      ['Service API conformance 2026-08-25', '4', '1', '2'],
      ['Service API conformance 2026-06-01', '2', '1', '0'],
    ]);
  });

  it('says what failed and why a check was skipped', () => {
    const cases = [parsed.testsuites.testsuite].flat()[0].testcase;
    expect(cases[1].failure).toMatchObject({
      message: 'signature <mismatch> & \uFFFDcontrol',
      type: 'DLV-03',
    });
    expect(cases[1].failure['#text']).toContain('expected: 1');
    expect(cases[2].skipped.message).toBe('not_applicable: nothing to break');
  });

  it('tells a shape finding from a finding of the check, and says where it is', () => {
    const failure = [parsed.testsuites.testsuite].flat()[1].testcase[1].failure;
    expect(failure).toMatchObject({
      message:
        'shape: GET /v1/webhook.list: content type text/plain is not one of application/json (header content-type)',
      type: 'VER-03',
    });
    expect([parsed.testsuites.testsuite].flat()[0].testcase[1].failure.message).not.toMatch(
      /^shape/,
    );
  });
});

describe('toJsonReport', () => {
  it('carries the verdict per requirement and every result', () => {
    const report = toJsonReport(RESULTS, {
      profile: 'p.json',
      versions: ['2026-08-25'],
      startedAt: '2026-11-21T00:00:00Z',
      durationMs: 5,
    });
    expect(report).toMatchObject({
      format: 'service-contract/conformance-report@2',
      passed: false,
      counts: { passed: 2, failed: 2, not_applicable: 1, not_testable: 1 },
    });
    expect(report.requirements.find((r) => r.requirement === 'AUTH-12')).toEqual({
      requirement: 'AUTH-12',
      verdict: 'failed',
      checks: [{ version: '2026-08-25', check: 'b', verdict: 'failed' }],
    });
    const results = JSON.parse(JSON.stringify(report)).results;
    expect(results).toHaveLength(RESULTS.length);
    // A program tells shape findings by their rule: a response rule's, not the check's id.
    expect(results.at(-1).diagnostics).toEqual([
      {
        rule: 'content_type',
        requirement: 'VER-03',
        version: '2026-06-01',
        severity: 'error',
        location: 'header content-type',
        message: shape.message,
      },
    ]);
    expect(results[1].diagnostics[0]).toMatchObject({ rule: 'b', requirement: 'DLV-03' });
  });

  it.each([
    [
      'carries what the run exercised as it was recorded',
      { answers: ['v0 POST /x 200'], events: ['v0 e'] },
    ],
    ['has no exercised field when nothing was recorded', undefined],
  ])('%s', (_, exercised) => {
    const run = { profile: 'p.json', versions: [], startedAt: '', durationMs: 0 };
    const report = toJsonReport(RESULTS, run, undefined, exercised);
    expect(Object.hasOwn(report, 'exercised')).toBe(exercised !== undefined);
    expect((report as { exercised?: unknown }).exercised).toEqual(exercised);
  });
});

describe('textSummary', () => {
  const text = textSummary(RESULTS);
  it('lists each requirement with its verdict, the findings and the counts', () => {
    expect(text).toMatch(/DLV-03 +FAILED +b\n +2026-08-25 b: signature <mismatch>/);
    expect(text).toMatch(/HEALTH-03 +untestable +d\n +2026-08-25 d: takes a day/);
    expect(text).toMatch(
      /VER-03 +FAILED +e\n +2026-06-01 e: shape: GET \/v1\/webhook.list: content type text\/plain is not one of application\/json \(header content-type\)\n/,
    );
    expect(text).toContain(
      '6 results (2 versions): 2 passed, 2 failed, 1 not applicable, 1 not testable; 0 warnings',
    );
  });

  // A reason given at several versions is said once, with them; one that differs by version is
  // said per version, each naming its own.
  it('says which versions gave each reason', () => {
    const at = (version: string, reason: string) =>
      result('f', ['DLV-11'], 'not_testable', { version, reason });
    const summary = textSummary([
      at('2026-06-01', 'waits of 7 ms'),
      at('2026-07-07', 'waits of 7 ms'),
      at('2026-07-23', 'waits of 9 ms'),
    ]);
    expect(summary).toContain('      2026-06-01, 2026-07-07 f: waits of 7 ms\n');
    expect(summary).toContain('      2026-07-23 f: waits of 9 ms\n');
  });
});
