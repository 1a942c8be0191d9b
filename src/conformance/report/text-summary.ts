import type { GenerateReport } from '../generate/run-generate.js';
import type { CheckResult } from '../runner.js';
import { diagnosticText } from './diagnostic-text.js';
import { summarizeByRequirement, verdictFor } from './requirement-summary.js';

const LABEL: Record<CheckResult['status'], string> = {
  passed: 'passed',
  failed: 'FAILED',
  not_applicable: 'n/a',
  not_testable: 'untestable',
};

/** One progress line as a check ends. */
export function progressLine(result: CheckResult): string {
  return `${LABEL[result.status].padEnd(10)} ${result.version}  ${result.check} (${result.durationMs} ms)`;
}

/**
 * The summary by requirement: its verdict and the checks behind it, then for each requirement not
 * passed what was found or why it could not be tested, then the counts.
 */
export function textSummary(results: readonly CheckResult[]): string {
  const lines: string[] = ['', 'By requirement:'];
  for (const { requirement, verdict, results: covered } of summarizeByRequirement(results)) {
    const checks = [...new Set(covered.map((r) => r.check))].join(', ');
    lines.push(`  ${requirement.padEnd(10)} ${LABEL[verdict].padEnd(10)} ${checks}`);
    const shown = new Set<string>();
    for (const result of covered.filter(
      (r) => verdictFor(r, requirement) === verdict && verdict !== 'passed',
    )) {
      const findings =
        result.status === 'failed'
          ? result.diagnostics
              .filter((d) => d.requirement === requirement)
              .map((d) => `${result.version} ${result.check}: ${diagnosticText(result, d)}`)
          : [`${result.check}: ${result.reason ?? ''}`];
      // A reason that every version gives alike is said once.
      for (const finding of findings.filter((f) => !shown.has(f.replaceAll(result.version, '')))) {
        shown.add(finding.replaceAll(result.version, ''));
        lines.push(`      ${finding}`);
      }
    }
  }
  const count = (status: CheckResult['status']) =>
    results.filter((r) => r.status === status).length;
  const versions = new Set(results.map((r) => r.version)).size;
  lines.push(
    '',
    `${results.length} results (${versions} version${versions === 1 ? '' : 's'}): ${count('passed')} passed, ${count('failed')} failed, ${count('not_applicable')} not applicable, ${count('not_testable')} not testable`,
  );
  return lines.join('\n');
}

/** The generative phase in a few lines: how much it sent, its seed, and each failing case's replay. */
export function generatedSummary({ seed, runs, failures }: GenerateReport): string {
  const cases = runs.reduce((sum, run) => sum + run.cases, 0);
  const cut = runs.filter((run) => run.interrupted).length;
  const lines = [
    `Generated requests: ${cases} cases over ${runs.length} operations and versions, seed ${seed}${cut ? ` (${cut} cut short by --max-time)` : ''}: ${failures.length} failed`,
  ];
  for (const failure of failures)
    lines.push(
      `  ${failure.version} ${failure.operation}: ${failure.case.kind} request, shrunk ${failure.shrinks} times`,
      `    ${failure.curl}`,
    );
  return lines.join('\n');
}
