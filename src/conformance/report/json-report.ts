import type { GenerateReport } from '../generate/run-generate.js';
import type { CheckResult } from '../run/check-result.js';
import type { Exercised } from '../run/exercised-log.js';
import { allPassed, summarizeByRequirement, verdictFor } from './requirement-summary.js';

/**
 * The JSON report: what ran, every result with its diagnostics, and the verdict per requirement.
 * Format 2: diagnostics are the toolkit's one `Diagnostic`; a check's own findings have its id as
 * their `rule`, shape findings the response rule they broke and a `location` in the answer.
 * With the generative phase, `generated` holds its seed, what it sent per operation and version,
 * and each failing case shrunk, as sent and as a `curl` line (its results are among `results`).
 * `exercised` holds the keys of what the run got answers from and deliveries of (coverage.ts):
 * shards' reports merge by the union of its lists.
 */
export function toJsonReport(
  results: readonly CheckResult[],
  run: { profile: string; versions: string[]; startedAt: string; durationMs: number },
  generated?: GenerateReport,
  exercised?: Exercised,
) {
  return {
    format: 'service-contract/conformance-report@2',
    ...run,
    passed: allPassed(results),
    counts: countBy(results.map((r) => r.status)),
    requirements: summarizeByRequirement(results).map(
      ({ requirement, verdict, results: covered }) => ({
        requirement,
        verdict,
        checks: covered.map((r) => ({
          version: r.version,
          check: r.check,
          verdict: verdictFor(r, requirement),
        })),
      }),
    ),
    ...(generated ? { generated: generatedSection(generated) } : {}),
    ...(exercised ? { exercised } : {}),
    results,
  };
}

function generatedSection({ results: _, ...generated }: GenerateReport) {
  return generated;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
