import { describe, expect, it } from 'vitest';
import { mergeReports } from '../../../src/conformance/report/merge-reports.ts';
import { type ShardReport, readReport } from '../../../src/conformance/report/read-report.ts';
import type { CheckResult } from '../../../src/conformance/runner.ts';
import { PROTOTYPE_NAMES } from '../../support/prototype-names.ts';

const result = (check: string, version: string, status: CheckResult['status'] = 'passed') => ({
  check,
  title: check,
  version,
  requirements: ['VER-02'],
  status,
  diagnostics: [],
  durationMs: 1,
});

/** A JSON report as the suite writes it, of shard k of n over `versions`. */
function json(k: number, n: number, extra: Record<string, unknown> = {}) {
  return {
    format: 'service-contract/conformance-report@2',
    profile: 'profile.json',
    versions: ['2026-08-25'],
    startedAt: '2026-11-26T08:00:00.000Z',
    durationMs: 10,
    suite: '0.1.0',
    fingerprint: 'sha256:aa',
    shard: { k, n },
    results: [result('ver-02-version-resolution', '2026-08-25')],
    ...extra,
  };
}

const read = (file: string, value: unknown) => {
  const report = readReport(file, value);
  if ('problem' in report) throw new Error(report.problem);
  return report;
};
const shards = (...values: Array<[string, unknown]>): ShardReport[] =>
  values.map(([file, value]) => read(file, value));

describe('mergeReports refuses what is not the shards of one run', () => {
  const generated = (seed: number) => ({
    generated: {
      seed,
      maxExamples: 3,
      maxTimeMs: 1000,
      runs: [],
      failures: [],
      warnings: [],
      deliveries: [],
    },
  });
  const cases: Array<[string, Array<[string, unknown]>, RegExp]> = [
    ['no report', [], /at least one report/],
    [
      'different suite versions',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 2, { suite: '0.2.0' })],
      ],
      /a\.json and b\.json differ in suite \("0\.1\.0" and "0\.2\.0"\)/,
    ],
    [
      'different profiles',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 2, { fingerprint: 'sha256:bb' })],
      ],
      /a\.json and b\.json differ in fingerprint \(the profile\)/,
    ],
    [
      'different --only',
      [
        ['a.json', json(1, 2, { only: ['VER-02'] })],
        ['b.json', json(2, 2)],
      ],
      /a\.json and b\.json differ in only/,
    ],
    [
      'different seeds',
      [
        ['a.json', json(1, 2, generated(1))],
        ['b.json', json(2, 2, generated(2))],
      ],
      /differ in seed \(1 and 2\)/,
    ],
    [
      'one with the generated phase, one without',
      [
        ['a.json', json(1, 2, generated(1))],
        ['b.json', json(2, 2)],
      ],
      /differ in generated \(--generate\)/,
    ],
    [
      'a server report and a receiver report',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 2, { receiver: 'http://127.0.0.1:1/hook' })],
      ],
      /differ in receiver/,
    ],
    [
      'shards of two run ids',
      [
        ['a.json', json(1, 2, { runId: 'github-actions:1' })],
        ['b.json', json(2, 2, { runId: 'github-actions:2' })],
      ],
      /a\.json and b\.json differ in runId \(github-actions:1 and github-actions:2\)/,
    ],
    [
      'one shard naming a run id, one naming none',
      [
        ['a.json', json(1, 2, { runId: 'r1' })],
        ['b.json', json(2, 2)],
      ],
      /a\.json and b\.json differ in runId \(r1 and \(none\)\)/,
    ],
    [
      'shards naming no run id that started over an hour apart',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 2, { startedAt: '2026-11-26T09:00:01.000Z' })],
      ],
      /a\.json and b\.json started 1\.0 h apart and name no run id: .*--run-id/,
    ],
    [
      'a missing shard',
      [
        ['a.json', json(1, 3)],
        ['c.json', json(3, 3)],
      ],
      /shard 2 of 3 \(versions 2026-08-25\) is missing: got a\.json \(shard 1\), c\.json \(shard 3\)/,
    ],
    [
      'a duplicated shard',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 2)],
        ['b2.json', json(2, 2)],
      ],
      /b\.json and b2\.json are both shard 2 of 2/,
    ],
    [
      'shards of different counts',
      [
        ['a.json', json(1, 2)],
        ['b.json', json(2, 3)],
      ],
      /a\.json and b\.json differ in shard \(of 2 and of 3\)/,
    ],
    [
      'a version in two selections',
      [
        ['a.json', json(1, 1)],
        ['b.json', json(1, 1, { versions: ['2026-08-20', '2026-08-25'] })],
      ],
      /a\.json and b\.json both cover version 2026-08-25/,
    ],
  ];
  it.each(cases)('%s', (_, given, want) => {
    expect(mergeReports(shards(...given))).toEqual({ problem: expect.stringMatching(want) });
  });
});

describe('mergeReports keeps the run', () => {
  it('keeps the run id in the merged run', () => {
    const merged = mergeReports(
      shards(['a.json', json(1, 2, { runId: 'r' })], ['b.json', json(2, 2, { runId: 'r' })]),
    );
    expect('problem' in merged ? merged.problem : merged.run.runId).toBe('r');
  });
});

describe('readReport refuses a file that is not a conformance report', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['not an object', [1, 2], /x\.json is not a conformance JSON report/],
    ['another format', { ...json(1, 1), format: 'junit' }, /is not a conformance JSON report/],
    ['no suite version', { ...json(1, 1), suite: undefined }, /x\.json: suite is missing/],
    ['no fingerprint', { ...json(1, 1), fingerprint: 1 }, /x\.json: fingerprint is missing/],
    ['a shard past n', json(3, 2), /x\.json: shard is not \{k, n\}/],
    ['a run id that is not a string', { ...json(1, 1), runId: 7 }, /x\.json: runId is not/],
    ['a shard of 0', json(0, 2), /shard is not/],
    ['results not a list', { ...json(1, 1), results: {} }, /results is not a list/],
    [
      'a result of an unknown status',
      { ...json(1, 1), results: [{ ...result('a', 'b'), status: 'fine' }] },
      /results is not a list of check results/,
    ],
    ['generated without a seed', { ...json(1, 1), generated: { runs: [] } }, /generated is not/],
    [
      'a finding of a severity the suite does not write',
      {
        ...json(1, 1),
        results: [{ ...result('a', 'b'), diagnostics: [{ message: 'm', severity: '"><b>x</b>' }] }],
      },
      /results is not a list of check results/,
    ],
    ['an unknown version', { ...json(1, 1), versions: ['1999-01-01'] }, /versions is not a list/],
    [
      'a version twice',
      { ...json(1, 1), versions: ['2026-08-25', '2026-08-25'] },
      /versions is not a list/,
    ],
    [
      'exercised of numbers',
      { ...json(1, 1), exercised: { answers: [1], events: [] } },
      /exercised/,
    ],
  ];
  it.each(cases)('%s', (_, value, want) => {
    expect(readReport('x.json', value)).toEqual({ problem: expect.stringMatching(want) });
  });
});

describe('mergeReports combines the shards', () => {
  // One run: one run id however far apart its shards started (a re-run job keeps it), or none and
  // an hour at most between them; receivers that differ only in their address (one instance each).
  const oneRun: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'one run id, started hours apart',
      { runId: 'r1' },
      { runId: 'r1', startedAt: '2026-11-26T20:00:00.000Z' },
    ],
    ['no run id, started an hour apart', {}, { startedAt: '2026-11-26T09:00:00.000Z' }],
    [
      'receivers each on its own address',
      { receiver: 'http://127.0.0.1:4701/hook' },
      { receiver: 'http://127.0.0.1:4702/hook' },
    ],
  ];
  it.each(oneRun)('takes the shards of one run: %s', (_, a, b) => {
    const merged = mergeReports(shards(['a.json', json(1, 2, a)], ['b.json', json(2, 2, b)]));
    expect(merged).not.toHaveProperty('problem');
  });

  it('orders results as a run does, keeps v0 generated requests once, and unions what was exercised', () => {
    const merged = mergeReports(
      shards(
        [
          'b.json',
          json(2, 2, {
            versions: ['2026-08-20'],
            results: [
              result('generated GET /v0/x', 'v0'),
              result('ver-02-version-resolution', '2026-08-20'),
            ],
            exercised: { answers: ['b', 'a'], events: ['e'] },
          }),
        ],
        [
          'a.json',
          json(1, 2, {
            versions: ['2026-08-20'],
            results: [result('sub-02-upsert', '2026-08-20', 'failed')],
            exercised: { answers: ['a', 'c'], events: [] },
          }),
        ],
        [
          'c.json',
          json(1, 1, {
            results: [
              result('generated GET /v0/x', 'v0', 'failed'),
              result('ver-02-version-resolution', '2026-08-25'),
            ],
          }),
        ],
      ),
    );
    if ('problem' in merged) throw new Error(merged.problem);
    expect(merged.results.map((r) => [r.check, r.version, r.status])).toEqual([
      ['ver-02-version-resolution', '2026-08-20', 'passed'],
      ['sub-02-upsert', '2026-08-20', 'failed'],
      ['ver-02-version-resolution', '2026-08-25', 'passed'],
      ['generated GET /v0/x', 'v0', 'passed'],
    ]);
    expect(merged.run).toMatchObject({ versions: ['2026-08-20', '2026-08-25'], suite: '0.1.0' });
    expect(merged.run).not.toHaveProperty('shard');
    expect(merged.exercised).toEqual({ answers: ['a', 'b', 'c'], events: ['e'] });
  });

  it('takes check ids and versions named like members of Object.prototype as any other', () => {
    const results = PROTOTYPE_NAMES.map((name) => result(name, name));
    const merged = mergeReports(
      shards(['a.json', json(1, 2, { results })], ['b.json', json(2, 2, { results: [] })]),
    );
    if ('problem' in merged) throw new Error(merged.problem);
    expect(merged.results.map((r) => r.check).sort()).toEqual([...PROTOTYPE_NAMES].sort());
  });

  it("joins the shards' delivery watches at a version: a watch that received deliveries passes it", () => {
    const watch = (status: CheckResult['status'], received: number) => ({
      results: [result('generated deliveries', '2026-08-25', status)],
      generated: {
        seed: 1,
        maxExamples: 3,
        maxTimeMs: 1000,
        runs: [],
        failures: [],
        warnings: [],
        deliveries: [{ version: '2026-08-25', received, fromTraffic: received, failed: false }],
      },
    });
    const merged = mergeReports(
      shards(
        ['a.json', json(1, 2, watch('not_testable', 0))],
        ['b.json', json(2, 2, watch('passed', 2))],
      ),
    );
    if ('problem' in merged) throw new Error(merged.problem);
    expect(merged.results.map((r) => r.status)).toEqual(['passed']);
    expect(merged.generated?.deliveries).toEqual([
      { version: '2026-08-25', received: 2, fromTraffic: 2, failed: false },
    ]);
  });
});
