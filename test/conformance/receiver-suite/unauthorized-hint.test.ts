import { describe, expect, it } from 'vitest';
import type { ReceiverCheckResult } from '../../../src/conformance/receiver-suite/runner.ts';
import {
  UNAUTHORIZED_HINT,
  withUnauthorizedHint,
} from '../../../src/conformance/receiver-suite/unauthorized-hint.ts';
import { diagnostic } from '../../../src/diagnostic.ts';

const result = (check: string, findings: Array<{ expected: string; actual: unknown }>) =>
  ({
    check,
    title: check,
    version: '2026-08-25',
    requirements: ['DLV-01'],
    basis: 'stated',
    description: 'the specification',
    status: findings.length ? 'failed' : 'passed',
    durationMs: 1,
    diagnostics: findings.map(({ expected, actual }, i) =>
      diagnostic(check, `finding ${i}`, { expected, actual }),
    ),
  }) satisfies ReceiverCheckResult;

const RESULTS = [
  result('valid-deliveries', [
    { expected: '2xx', actual: 401 },
    { expected: '2xx', actual: 401 },
  ]),
  result('refused-deliveries', [{ expected: 'a refusal: any status but 2xx', actual: 204 }]),
  result('passed', []),
];

/** The messages of each result, as the hint leaves them. */
const messages = (results: ReceiverCheckResult[]) =>
  results.map((r) => r.diagnostics.map((d) => d.message));

// DLV-03, AUTH-12: a receiver that refuses every valid delivery with 401 cannot verify at all,
// and the finding says the two usual causes; one that verifies some is told nothing of the kind.
describe('withUnauthorizedHint', () => {
  const hinted = [[`finding 0 (${UNAUTHORIZED_HINT})`, 'finding 1'], ['finding 0'], []];
  const plain = [['finding 0', 'finding 1'], ['finding 0'], []];
  const cases: Array<[string, { given: Array<number | undefined>; want: string[][] }]> = [
    [
      'every valid delivery got 401: the first 401 finding of each result',
      { given: [401, 401, 401], want: hinted },
    ],
    ['one valid delivery was acknowledged', { given: [401, 204, 401], want: plain }],
    ['another refusal among them', { given: [401, 400], want: plain }],
    ['one valid delivery got no answer', { given: [401, undefined], want: plain }],
    ['no valid delivery was sent', { given: [], want: plain }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(messages(withUnauthorizedHint(RESULTS, given))).toEqual(want);
    // The results given are left as they were.
    expect(messages(RESULTS)).toEqual(plain);
  });

  it('names both causes: the secret decoded from base64, and the raw body bytes', () => {
    expect(UNAUTHORIZED_HINT).toMatch(/base64 after "whsec_", decoded/);
    expect(UNAUTHORIZED_HINT).toMatch(/raw body bytes .*not over re-serialized JSON/);
  });
});
