import { failureHeadline } from '../generate/failure-headline.js';
import { tokenNote } from '../transport/curl-line.js';
import type { Diagnostic } from '../../diagnostic.js';
import type { GenerateReport } from '../generate/run-generate.js';
import type { CheckResult } from '../run/check-result.js';
import type { Coverage, Tally } from './coverage.js';
import { diagnosticText } from './diagnostic-text.js';
import { summarizeByRequirement } from './requirement-summary.js';

const LABEL: Record<CheckResult['status'], string> = {
  passed: 'passed',
  failed: 'FAILED',
  not_applicable: 'n/a',
  not_testable: 'untestable',
};

const warningsOf = (result: CheckResult) =>
  result.diagnostics.filter((d) => d.severity === 'warning');

/** One progress line as a check ends; a pass with warnings says how many. */
export function progressLine(result: CheckResult): string {
  const warnings = warningsOf(result).length;
  const noted = warnings ? ` ${warnings} warning${warnings === 1 ? '' : 's'}` : '';
  return `${LABEL[result.status].padEnd(10)} ${result.version}  ${result.check}${noted} (${result.durationMs} ms)`;
}

/**
 * The summary by requirement: its verdict and the checks behind it (the failing ones named when it
 * failed), then for each requirement not passed what was found, with the request sent and the
 * answer got, or why it could not be tested; then the warnings, what did not apply, and the counts.
 */
export function textSummary(results: readonly CheckResult[]): string {
  const lines: string[] = ['', 'By requirement:'];
  for (const { requirement, verdict, results: covered } of summarizeByRequirement(results)) {
    const shown = covered.filter((r) => verdict === 'passed' || r.status === verdict);
    const checks = [...new Set(shown.map((r) => r.check))].join(', ');
    lines.push(`  ${requirement.padEnd(10)} ${LABEL[verdict].padEnd(10)} ${checks}`);
    if (verdict !== 'passed') lines.push(...details(shown, requirement));
  }
  lines.push(
    ...warningLines(results),
    ...noteLines(results),
    ...notApplicableLines(results),
    '',
    countLine(results),
  );
  return lines.join('\n');
}

/**
 * What the results behind a requirement's verdict found, or why they could not run. A finding
 * every version gives alike is said once; a reason is said once with the versions that gave it.
 */
function details(results: readonly CheckResult[], requirement: string): string[] {
  const lines: string[] = [];
  const shown = new Set<string>();
  const reasons = new Map<string, { at: number; versions: string[]; line: string }>();
  for (const result of results) {
    if (result.status !== 'failed') {
      const text = `${result.check}: ${result.reason ?? ''}`;
      const key = text.replaceAll(result.version, '');
      const seen = reasons.get(key);
      if (seen) seen.versions.push(result.version);
      else reasons.set(key, { at: lines.length, versions: [result.version], line: text });
      continue;
    }
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    // The findings that name this requirement, else all of the check's: it failed either way.
    const own = errors.filter((d) => d.requirement === requirement);
    for (const finding of (own.length ? own : errors).map((d) => findingLines(result, d))) {
      const key = finding.join('\n').replaceAll(result.version, '');
      if (shown.has(key)) continue;
      shown.add(key);
      lines.push(...finding.map((line, i) => `${i === 0 ? '      ' : '        '}${line}`));
    }
  }
  // Each reason where its first result stood, after the findings before it.
  for (const { at, versions, line } of [...reasons.values()].reverse())
    lines.splice(at, 0, `      ${versions.join(', ')} ${line}`);
  return lines;
}

/** A finding, then the request it is about and the answer, one line each. */
function findingLines(result: CheckResult, d: Diagnostic): string[] {
  const lines = [`${result.version} ${result.check}: ${diagnosticText(result, d)}`];
  const { request, answer } = d.exchange ?? {};
  if (request)
    lines.push(`sent: ${request.method} ${request.path}${request.body ? ` ${request.body}` : ''}`);
  if (answer)
    lines.push(
      `got:  ${answer.status}${answer.body === undefined ? '' : ` ${JSON.stringify(answer.body)}`}`,
    );
  return lines;
}

/** Warnings: findings that rest on a reading the profile did not opt into, and other notes. */
function warningLines(results: readonly CheckResult[]): string[] {
  const warned = results.flatMap((r) => warningsOf(r).map((d) => [r, d] as const));
  if (warned.length === 0) return [];
  const lines = ['', `Warnings (${warned.length}; they do not fail the run):`];
  const shown = new Set<string>();
  for (const [result, d] of warned) {
    const reading = d.reading ? ` [reading ${d.reading}]` : '';
    const line = `${result.check}: ${diagnosticText(result, d)}${reading}`;
    if (shown.has(line.replaceAll(result.version, ''))) continue;
    shown.add(line.replaceAll(result.version, ''));
    lines.push(`  ${result.version} ${line}`);
  }
  return lines;
}

/** What checks ran but could not exercise, once per text whichever version noted it. */
function noteLines(results: readonly CheckResult[]): string[] {
  const notes = new Map<string, string>();
  for (const r of results)
    for (const note of r.notes ?? [])
      notes.set(`${r.check}: ${note.replaceAll(r.version, 'V')}`, `${r.check}: ${note}`);
  if (notes.size === 0) return [];
  return ['', 'Not exercised:', ...[...notes.values()].map((n) => `  ${n}`)];
}

/** How much of the run did not apply, and why, so a vacuous pass cannot go unnoticed. */
function notApplicableLines(results: readonly CheckResult[]): string[] {
  const skipped = results.filter((r) => r.status === 'not_applicable');
  if (skipped.length === 0) return [];
  // One line per reason, whichever version gave it.
  const reasons = new Map<string, number>();
  for (const { reason = '', version } of skipped) {
    const key = reason.replaceAll(version, 'each version');
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  const share = Math.round((100 * skipped.length) / results.length);
  return [
    '',
    `${share >= 25 ? 'NOTE: ' : ''}${skipped.length} of ${results.length} results did not apply (${share}%):`,
    ...[...reasons].map(([reason, n]) => `  ${n} x ${reason}`),
  ];
}

function countLine(results: readonly CheckResult[]): string {
  const count = (status: CheckResult['status']) =>
    results.filter((r) => r.status === status).length;
  const versions = new Set(results.map((r) => r.version)).size;
  const warnings = results.reduce((n, r) => n + warningsOf(r).length, 0);
  return `${results.length} results (${versions} version${versions === 1 ? '' : 's'}): ${count('passed')} passed, ${count('failed')} failed, ${count('not_applicable')} not applicable, ${count('not_testable')} not testable; ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

/**
 * The generative phase in a few lines: how much it sent, its seed, and each distinct failure (an
 * operation reports every way it failed, not only the first) and warning (a finding that rests on a
 * reading the profile does not opt into): what it was, how many cases showed it, and its shrunk
 * case's replay.
 */
export function generatedSummary({ seed, runs, failures, warnings }: GenerateReport): string {
  const cases = runs.reduce((sum, run) => sum + run.cases, 0);
  const cut = runs.filter((run) => run.interrupted).length;
  const failing = new Set(failures.map((f) => `${f.version} ${f.operation}`)).size;
  const count = (n: number, what: string) => `${n} distinct ${what}${n === 1 ? '' : 's'}`;
  const warned = warnings.length ? `, ${count(warnings.length, 'warning')}` : '';
  const lines = [
    `Generated requests: ${cases} cases over ${runs.length} operations and versions, seed ${seed}${cut ? ` (${cut} cut short by --max-time)` : ''}: ${count(failures.length, 'failure')}${failing ? ` in ${failing} of them` : ''}${warned}`,
  ];
  for (const failure of [...failures, ...warnings]) {
    const [first] = failure.findings;
    const reading =
      first?.reading && failure.severity === 'warning'
        ? ` [warning: reading ${first.reading}]`
        : '';
    const replayed = failure.reproduced ? '' : ' (it did not fail again when replayed)';
    lines.push(
      `  ${failureHeadline(failure)}${reading}`,
      `    ${failure.occurrences} case${failure.occurrences === 1 ? '' : 's'} so; shrunk ${failure.shrinks} times${replayed}; seed ${failure.seed}, path ${failure.path}`,
      ...(failure.credential ? [`    ${tokenNote(failure.credential)}`] : []),
      `    ${failure.curl}`,
    );
  }
  return lines.join('\n');
}

/**
 * The coverage headline: of the documented operations, answers (status codes, ranges, `default`)
 * and webhook events, at every version the run covered, how many it exercised.
 */
export function coverageLine({ operations, answers, events }: Coverage): string {
  const of = ({ covered, total }: Tally) => `${covered}/${total}`;
  return `coverage: operations ${of(operations)}, documented answers ${of(answers)}, events ${of(events)}`;
}
