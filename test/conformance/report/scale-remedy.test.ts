import { describe, expect, it, vi } from 'vitest';
import { finishRun } from '../../../src/cli/finish-run.ts';
import { toJsonReport } from '../../../src/conformance/report/json-report.ts';
import { mergeReports } from '../../../src/conformance/report/merge-reports.ts';
import { readReport } from '../../../src/conformance/report/read-report.ts';
import { remedyLines, runRemedy } from '../../../src/conformance/report/scale-remedy.ts';
import type { CheckResult } from '../../../src/conformance/run/check-result.ts';
import type { ScaleAsk } from '../../../src/time-scale.ts';

const untestable = (check: string, version: string, remedy: ScaleAsk[]): CheckResult => ({
  check,
  title: check,
  version,
  requirements: ['DLV-07'],
  status: 'not_testable',
  diagnostics: [],
  reason: 'could not judge',
  remedy,
  durationMs: 1,
});

const RETRIES = { clock: 'retries', now: 3600, waitMs: 661_000 } as const;
const DEBOUNCE = { clock: 'debounce', now: 50, waitMs: 20_000 } as const;

// Each check's suggestion speaks for itself; the run's joins them (#33): copying DLV-07's
// `retries=7,debounce=50` undid DLV-11's `debounce=7`, and the other way round.
describe('runRemedy: one time scale for every check that asked', () => {
  it.each<[string, { given: CheckResult[]; want: Record<string, number | undefined> }]>([
    [
      'the tightest "at most" per clock, across checks and versions',
      {
        given: [
          untestable('dlv-07-waits', '2026-08-25', [{ ...RETRIES, atMost: 9 }]),
          untestable('dlv-07-waits', '2026-07-07', [{ ...RETRIES, atMost: 7 }]),
          untestable('dlv-11-reaction-debounce', '2026-08-25', [{ ...DEBOUNCE, atMost: 6 }]),
        ],
        want: { retries: 7, debounce: 6, failStreak: undefined },
      },
    ],
    [
      'a lower bound alone (the waits exceed the budget): the slowest that fits',
      {
        given: [untestable('dlv-07-waits', 'v0', [{ ...RETRIES, now: 1, atLeast: 34 }])],
        want: { retries: 34 },
      },
    ],
    [
      'an upper bound under a lower one: the upper wins, and --full-schedule waits',
      {
        given: [
          untestable('dlv-07-waits', 'v0', [{ ...RETRIES, atLeast: 34 }]),
          untestable('dlv-07-waits', '2026-08-25', [{ ...RETRIES, atMost: 7 }]),
        ],
        want: { retries: 7 },
      },
    ],
    [
      'even real time too short: no factor',
      {
        given: [untestable('dlv-11-reaction-debounce', 'v0', [{ ...DEBOUNCE, atMost: 0 }])],
        want: { debounce: undefined },
      },
    ],
  ])('%s', (_, { given, want }) => {
    const remedy = runRemedy(given)!;
    for (const [clock, scale] of Object.entries(want))
      expect(remedy.clocks.find((c) => c.clock === clock)?.scale).toBe(scale);
  });

  it('says nothing when no check asked', () => {
    expect(runRemedy([])).toBeUndefined();
    expect(remedyLines([])).toEqual([]);
  });

  it("is worded in the implementer's terms, with its cost and the assumption behind it", () => {
    const text = remedyLines([
      untestable('dlv-07-waits', '2026-08-25', [{ ...RETRIES, atMost: 7 }]),
      untestable('dlv-11-reaction-debounce', '2026-08-25', [{ ...DEBOUNCE, atMost: 6 }]),
    ]).join('\n');
    expect(text).toMatch(/retries: 7x, now 3600x \(asked at most 7 by dlv-07-waits\)/);
    expect(text).toMatch(/debounce: 6x, now 50x \(asked at most 6 by dlv-11-reaction-debounce\)/);
    expect(text).toMatch(/"timeScale": \{ "retries": 7, "debounce": 6 \}/);
    // 661 s of retry time at 7x.
    expect(text).toMatch(/The waits then take about 94 s \(dlv-07-waits: 661 s of retries time/);
    expect(text).toMatch(/assuming a check's time is mostly its waits/);
    expect(text).toMatch(/run with --full-schedule/);
    // Never a command of this package's own server: the implementation may be any program.
    expect(text).not.toMatch(/serve|--time-scale|reference/);
  });
});

describe('the remedy survives the JSON report and the shards merge', () => {
  const run = { profile: 'p.json', versions: ['2026-08-25'], startedAt: '', durationMs: 1 };
  const shard = (k: number, results: CheckResult[]) => ({
    ...toJsonReport(results, run),
    suite: '0.1.0',
    fingerprint: 'sha256:aa',
    shard: { k, n: 2 },
  });
  it('joins the asks of both shards', () => {
    const parse = (file: string, value: unknown) => {
      const read = readReport(file, JSON.parse(JSON.stringify(value)));
      if ('problem' in read) throw new Error(read.problem);
      return read;
    };
    const merged = mergeReports([
      parse(
        'a.json',
        shard(1, [untestable('dlv-07-waits', '2026-08-25', [{ ...RETRIES, atMost: 7 }])]),
      ),
      parse(
        'b.json',
        shard(2, [
          untestable('dlv-11-reaction-debounce', '2026-08-25', [{ ...DEBOUNCE, atMost: 6 }]),
        ]),
      ),
    ]);
    if ('problem' in merged) throw new Error(merged.problem);
    expect(runRemedy(merged.results)?.clocks.map((c) => [c.clock, c.scale])).toEqual([
      ['retries', 7],
      ['debounce', 6],
    ]);
  });

  it('refuses a report whose remedy is not asks of the clocks', () => {
    const bad = shard(1, [untestable('dlv-07-waits', '2026-08-25', [{ ...RETRIES, atMost: 7 }])]);
    (bad.results[0] as unknown as { remedy: unknown }).remedy = [{ clock: 'tides', now: 1 }];
    expect(readReport('a.json', bad)).toEqual({ problem: expect.stringMatching(/results/) });
  });
});

describe('the terminal summary', () => {
  it('prints the remedy once, last, however many versions asked', async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((text: string) => printed.push(text));
    try {
      const results = ['2026-08-25', '2026-07-07'].map((version) =>
        untestable('dlv-07-waits', version, [{ ...RETRIES, atMost: 7 }]),
      );
      const run = {
        profile: 'p.json',
        versions: ['2026-08-25', '2026-07-07'],
        startedAt: '',
        durationMs: 1,
      };
      await finishRun([], { results, run });
    } finally {
      log.mockRestore();
    }
    const text = printed.join('\n');
    expect(text.match(/One time scale for the whole run/g)).toHaveLength(1);
    expect(printed.at(-1)).toMatch(/^\nOne time scale for the whole run/);
  });
});
