import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { CLAUSES, type Clause } from '../../../src/conformance/clauses/index.ts';
import { clauseCoverage, clauseLine } from '../../../src/conformance/report/clause-coverage.ts';
import type { CheckResult } from '../../../src/conformance/run/check-result.ts';
import { gateVersion, listVersions } from '../../../src/versions.ts';

const VERSIONS = listVersions();
const stated = CLAUSES.filter((c) => c.basis === 'stated');

/** A clause of the server suite that holds at every version, judged by one check alone. */
const EVERYWHERE = stated.find(
  (c) => c.versions === 'all' && c.checks?.length === 1 && !c.deliveredBy && !c.receiverChecks,
)!;
/** A clause that holds only from a gate on, with the gate. */
const GATED = stated.find(
  (c) => typeof c.versions === 'object' && 'from' in c.versions && c.checks?.length === 1,
)! as Clause & { versions: { from: Parameters<typeof gateVersion>[0] } };
const RECEIVER = stated.find((c) => c.receiverChecks?.length && !c.checks)!;

function result(check: string, version: string, status: CheckResult['status']): CheckResult {
  return {
    check,
    title: check,
    version,
    requirements: [],
    status,
    diagnostics: [],
    durationMs: 1,
    ...(status === 'passed' || status === 'failed' ? {} : { reason: `why ${check} did not run` }),
  };
}

const notJudged = (results: CheckResult[]) =>
  new Map(clauseCoverage(results).notJudged.map((n) => [n.id, n.reason]));

describe('stated clauses judged by a run (#32)', () => {
  it.each([
    ['passed', true, 'passed'],
    ['failed', true, 'failed'],
    ['was not testable', false, 'not_testable'],
    ['did not apply', false, 'not_applicable'],
  ] as const)('a clause whose check %s counts as judged: %s', (_, judged, status) => {
    const reasons = notJudged([result(EVERYWHERE.checks![0]!, VERSIONS.at(-1)!, status)]);
    expect(reasons.has(EVERYWHERE.id)).toBe(!judged);
    if (!judged)
      expect(reasons.get(EVERYWHERE.id)).toContain(`why ${EVERYWHERE.checks![0]} did not run`);
  });

  it('names a clause whose check did not run', () => {
    const other = CHECKS.map(([id]) => id).find((id) => id !== EVERYWHERE.checks![0])!;
    const reasons = notJudged([result(other, VERSIONS[0]!, 'passed')]);
    expect(reasons.get(EVERYWHERE.id)).toMatch(/did not run at a version where it holds/);
  });

  it('counts a gated clause only at the versions where it holds', () => {
    const from = gateVersion(GATED.versions.from);
    const before = VERSIONS.filter((v) => v < from).at(-1)!;
    const check = GATED.checks![0]!;
    expect(notJudged([result(check, before, 'passed')]).has(GATED.id)).toBe(true);
    expect(notJudged([result(check, from, 'passed')]).has(GATED.id)).toBe(false);
  });

  it("judges a receiver run's clauses by the receiver checks", () => {
    const coverage = clauseCoverage([result(RECEIVER.receiverChecks![0]!, 'v0', 'passed')]);
    expect(coverage.notJudged.map((n) => n.id)).not.toContain(RECEIVER.id);
    expect(coverage.total).toBeLessThan(clauseCoverage([]).total);
  });

  it('leaves clauses no implementation can show out of the figure, and lists them', () => {
    const coverage = clauseCoverage([]);
    const unshowable = stated.filter((c) =>
      ['no-operation', 'unobservable', 'permission'].includes(c.unjudged?.kind ?? ''),
    );
    expect(coverage.unshowable).toBe(unshowable.length);
    expect(coverage.judged).toBe(0);
    expect(coverage.notJudged).toHaveLength(coverage.total + coverage.unshowable);
    expect(clauseLine(coverage)).toBe(
      `stated clauses judged: 0/${coverage.total} (0%); ${unshowable.length} more no implementation can show from outside`,
    );
  });

  it('leaves readings out: they judge what the specification does not state', () => {
    const reading = CLAUSES.find((c) => c.basis !== 'stated' && c.checks?.length)!;
    const ids = clauseCoverage([]).notJudged.map((n) => n.id);
    expect(ids).not.toContain(reading.id);
  });
});
