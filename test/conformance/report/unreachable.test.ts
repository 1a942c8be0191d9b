import { describe, expect, it } from 'vitest';
import { unreachableLines } from '../../../src/conformance/report/unreachable.ts';
import type { CheckResult } from '../../../src/conformance/run/check-result.ts';

/** A failed result whose check could not finish, its request having met `code` at `origin`. */
const ended = (
  check: string,
  code: string,
  origin: string,
  version = '2026-08-25',
): CheckResult => ({
  check,
  title: check,
  version,
  requirements: [],
  status: 'failed',
  diagnostics: [
    {
      rule: check,
      severity: 'error',
      message: `the check could not finish: GET /v1/webhook.list: ... (${code})`,
      actual: { transport: code, origin },
    },
  ],
  durationMs: 1,
});
const A = 'http://127.0.0.1:9';
const B = 'https://auth.example';

// One line per address nothing answered at, with the checks it ended; what reached the
// implementation (a reset, a time-out, an answer) is the checks' to report, not this line's.
describe('unreachableLines', () => {
  it.each([
    ['none where every request reached something', [], []],
    [
      'one line for an address that refused every check',
      [ended('a', 'ECONNREFUSED', A), ended('b', 'ECONNREFUSED', A)],
      [`could not reach ${A} (ECONNREFUSED; 2 checks ended there): nothing accepts connections`],
    ],
    [
      'a line per address',
      [ended('a', 'ECONNREFUSED', A), ended('b', 'ENOTFOUND', B)],
      [`could not reach ${A} (ECONNREFUSED; 1 check `, `could not reach ${B} (ENOTFOUND; 1 check `],
    ],
    [
      'a check at two versions counts twice, one twice at one version once',
      [
        ended('a', 'ECONNREFUSED', A, '2026-06-01'),
        ended('a', 'ECONNREFUSED', A, '2026-08-25'),
        ended('a', 'ECONNREFUSED', A, '2026-08-25'),
      ],
      [`could not reach ${A} (ECONNREFUSED; 2 checks ended there)`],
    ],
    ['nothing for a connection the implementation reset', [ended('a', 'ECONNRESET', A)], []],
    ['nothing for a time-out', [ended('a', 'TimeoutError', A)], []],
  ] as const)('%s', (_, results, starts) => {
    const lines = unreachableLines(results);
    expect(lines).toHaveLength(starts.length);
    starts.forEach((start, i) => expect(lines[i]).toContain(start));
  });

  it("names what to do in the implementer's terms: start it, or correct the profile", () => {
    const [line] = unreachableLines([ended('a', 'ECONNREFUSED', A)]);
    expect(line).toMatch(/start the implementation, or correct the profile's address/);
    expect(line).toMatch(/baseUrl/);
  });

  it('ignores a finding whose actual value is not a transport record', () => {
    const result = ended('a', 'ECONNREFUSED', A);
    result.diagnostics[0]!.actual = 'ECONNREFUSED';
    expect(unreachableLines([result])).toEqual([]);
  });
});
