import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type DocumentedSurface,
  surfaceFrom,
} from '../../../src/conformance/run/documented-surface.ts';
import { type Coverage, coverageOf } from '../../../src/conformance/report/coverage.ts';
import { coverageLine } from '../../../src/conformance/report/text-summary.ts';
import { writeReports } from '../../../src/conformance/report/write-reports.ts';

/** Two documents: a dated one with a range and an event, and v0's with `default`. */
const SURFACES = new Map<string, DocumentedSurface>([
  [
    '2026-08-25',
    surfaceFrom(
      [
        { method: 'POST', path: '/chat.postEphemeral', responses: ['200', '400', '4XX', '500'] },
        { method: 'GET', path: '/webhook.list', responses: ['200', '2XX'] },
      ],
      ['chat.message', 'meeting.ended'],
    ),
  ],
  [
    'v0',
    surfaceFrom(
      [{ method: 'POST', path: '/webhook.subscribe', responses: ['200', 'default'] }],
      ['chat:message:dm'],
    ),
  ],
  ['auth', surfaceFrom([{ method: 'POST', path: '/oauth/token', responses: ['200'] }], [])],
]);

const seenOf = (coverage: Coverage, version: string, path: string) =>
  Object.fromEntries(
    coverage.versions
      .find((v) => v.version === version)!
      .operations.find((o) => o.path === path)!
      .answers.map((a) => [a.response, a.seen]),
  );

describe('coverageOf', () => {
  const cases: Array<
    [string, { answers: string[]; version: string; path: string; want: Record<string, number[]> }]
  > = [
    [
      'an exact code covers its own answer and its range',
      {
        answers: ['2026-08-25 POST /chat.postEphemeral 400'],
        version: '2026-08-25',
        path: '/chat.postEphemeral',
        want: { '200': [], '400': [400], '4XX': [400], '500': [] },
      },
    ],
    [
      'a status with no code of its own covers its range only',
      {
        answers: ['2026-08-25 POST /chat.postEphemeral 415'],
        version: '2026-08-25',
        path: '/chat.postEphemeral',
        want: { '200': [], '400': [], '4XX': [415], '500': [] },
      },
    ],
    [
      'a 2XX range beside 200',
      {
        answers: ['2026-08-25 GET /webhook.list 204', '2026-08-25 GET /webhook.list 200'],
        version: '2026-08-25',
        path: '/webhook.list',
        want: { '200': [200], '2XX': [200, 204] },
      },
    ],
    [
      'default covers what no code describes, not what one does',
      {
        answers: ['v0 POST /webhook.subscribe 200', 'v0 POST /webhook.subscribe 409'],
        version: 'v0',
        path: '/webhook.subscribe',
        want: { '200': [200], default: [409] },
      },
    ],
    [
      "another version's answer covers nothing here",
      {
        answers: ['2026-06-01 POST /chat.postEphemeral 200'],
        version: '2026-08-25',
        path: '/chat.postEphemeral',
        want: { '200': [], '400': [], '4XX': [], '500': [] },
      },
    ],
  ];
  it.each(cases)('%s', (_, { answers, version, path, want }) => {
    const coverage = coverageOf({ answers, events: [] }, ['2026-08-25'], SURFACES);
    expect(seenOf(coverage, version, path)).toEqual(want);
  });

  it('lists a status no answer describes as undocumented; the operation counts as exercised', () => {
    const coverage = coverageOf(
      { answers: ['2026-08-25 GET /webhook.list 503'], events: [] },
      ['2026-08-25'],
      SURFACES,
    );
    const list = coverage.versions[0]!.operations[1]!;
    expect([list.undocumented, coverage.operations.covered]).toEqual([[503], 1]);
  });

  it('counts events per version, v0 as its own, and ignores versions not run', () => {
    const coverage = coverageOf(
      {
        answers: ['2026-08-25 POST /chat.postEphemeral 200', 'auth POST /oauth/token 200'],
        events: ['2026-08-25 chat.message', 'v0 chat:message:dm', '2026-06-01 meeting.ended'],
      },
      ['2026-08-25'],
      SURFACES,
    );
    expect(coverage.versions.map((v) => v.version)).toEqual(['2026-08-25', 'v0', 'auth']);
    expect(coverage).toMatchObject({
      operations: { covered: 2, total: 4 },
      answers: { covered: 2, total: 9 },
      events: { covered: 2, total: 3 },
    });
  });
});

describe('coverageLine (the terminal headline)', () => {
  const cases: Array<[string, { answers: string[]; events: string[] }, string]> = [
    [
      'nothing exercised',
      { answers: [], events: [] },
      'coverage: operations 0/4, documented answers 0/9, events 0/3',
    ],
    [
      'some of each',
      {
        answers: ['2026-08-25 GET /webhook.list 200', 'v0 POST /webhook.subscribe 500'],
        events: ['2026-08-25 meeting.ended'],
      },
      'coverage: operations 2/4, documented answers 3/9, events 1/3',
    ],
  ];
  it.each(cases)('%s', (_, exercised, want) => {
    expect(coverageLine(coverageOf(exercised, ['2026-08-25'], SURFACES))).toBe(want);
  });
});

// finishRun works coverage out once and hands it to the reports: the HTML report draws the one it
// is given (here over the small documents above) rather than working it out again from what the
// run exercised (which would be over the real documents).
describe('the coverage a run worked out', () => {
  it('is the one its HTML report shows', async () => {
    const exercised = { answers: ['2026-08-25 GET /webhook.list 200'], events: [] };
    const coverage = coverageOf(exercised, ['2026-08-25'], SURFACES);
    const run = { profile: 'p.json', versions: ['2026-08-25'], startedAt: '', durationMs: 1 };
    const dir = await mkdtemp(join(tmpdir(), 'coverage-'));
    try {
      const file = join(dir, 'report.html');
      await writeReports([{ kind: 'html', file }], { results: [], run, exercised, coverage });
      const html = await readFile(file, 'utf8');
      expect(coverageLine(coverage)).toBe(
        'coverage: operations 1/4, documented answers 2/9, events 0/3',
      );
      expect(html).toContain(coverageLine(coverage));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
