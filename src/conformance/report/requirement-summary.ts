import type { CheckResult } from '../run/check-result.js';
import { groupBy } from '../../group-by.js';

export type Verdict = CheckResult['status'];

export interface RequirementVerdict {
  requirement: string;
  verdict: Verdict;
  /** `version check-id: status` for every result that covers the requirement. */
  results: CheckResult[];
}

/** Worst first: one failed result fails the requirement; passed needs no result untestable. */
export const SEVERITY: readonly Verdict[] = ['failed', 'not_testable', 'passed', 'not_applicable'];

/** The results grouped by the requirement IDs their checks cover, each with its overall verdict. */
export function summarizeByRequirement(results: readonly CheckResult[]): RequirementVerdict[] {
  const byRequirement = groupBy(results, (result) => result.requirements);
  return [...byRequirement.entries()]
    .map(([requirement, covered]) => ({
      requirement,
      results: covered,
      verdict: SEVERITY.find((s) => covered.some((r) => verdictFor(r, requirement) === s))!,
    }))
    .sort((a, b) => a.requirement.localeCompare(b.requirement, 'en', { numeric: true }));
}

/**
 * A check's verdict on each requirement it covers: its own. A failed check fails every
 * requirement it cites, so no requirement shows passed while a check citing it failed.
 */
export function verdictFor(result: CheckResult, _requirement: string): Verdict {
  return result.status;
}

/** Exit 0 only when every applicable check passed. */
export function allPassed(results: readonly CheckResult[]): boolean {
  return results.every((r) => r.status === 'passed' || r.status === 'not_applicable');
}
