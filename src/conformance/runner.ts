import { loadDocumentsByVersion } from '../validation/documents-by-version.ts';
import type { Check } from './check.ts';
import { CHECKS } from './checks/index.ts';
import { createContext } from './context.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { Profile } from './profile.ts';

export interface CheckResult {
  check: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'not_applicable' | 'not_testable';
  diagnostics: Diagnostic[];
  reason?: string;
}

/**
 * Runs checks against one implementation at one dated version. A check's answers are also held to
 * the documents: a shape that differs fails the check that saw it. A check that throws fails.
 */
export async function runConformance(profile: Profile, version: string, checks: readonly Check[] = CHECKS): Promise<CheckResult[]> {
  const documents = loadDocumentsByVersion();
  const results: CheckResult[] = [];
  for (const check of checks) {
    const shapes: string[] = [];
    const context = createContext(profile, version, documents);
    const call = context.call;
    context.call = async (input) => {
      const answer = await call(input);
      shapes.push(...answer.shape.map((problem) => `${input.method ?? 'GET'} ${input.path}: ${problem}`));
      return answer;
    };
    const base = { check: check.id, requirements: check.requirements };
    let outcome: Awaited<ReturnType<Check['run']>>;
    try {
      outcome = await check.run(context);
    } catch (error) {
      outcome = [{ check: check.id, requirement: check.requirements[0]!, severity: 'error', message: `the check could not finish: ${error instanceof Error ? error.message : String(error)}` }];
    }
    if (!Array.isArray(outcome)) {
      results.push({ ...base, status: outcome.skip, diagnostics: [], reason: outcome.reason });
      continue;
    }
    const diagnostics = [...outcome, ...shapes.map((message) => ({ check: check.id, requirement: check.requirements[0]!, severity: 'error' as const, message: `shape: ${message}` }))];
    results.push({ ...base, status: diagnostics.length ? 'failed' : 'passed', diagnostics });
  }
  return results;
}
