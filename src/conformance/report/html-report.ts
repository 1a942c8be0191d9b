import { failureHeadline } from '../generate/failure-headline.js';
import type { Diagnostic, Exchange } from '../../diagnostic.js';
import { redactText } from '../../redact.js';
import { replayLines, tokenNote } from '../transport/curl-line.js';
import type { GeneratedCase } from '../generate/generated-case.js';
import type { Exercised } from '../run/exercised-log.js';
import type { GenerateReport, GeneratedFailure } from '../generate/run-generate.js';
import type { CheckResult } from '../run/check-result.js';
import { type Coverage, coverageOf } from './coverage.js';
import { coverageSection } from './html-coverage.js';
import { gridSection, requirementsSection, rowsOf } from './html-grid.js';
import { LABEL, STATE_ORDER, stateOf, tagOf, warningsOf } from './html-labels.js';
import { isShapeFinding } from './diagnostic-text.js';
import { CONTENT_SECURITY_POLICY, SCRIPT, STYLE } from './html-assets.js';
import { escapeHtml as esc } from './html-escape.js';
import { toJsonReport } from './json-report.js';
import { SEVERITY } from './requirement-summary.js';
import { coverageLine } from './text-summary.js';

/** Bounds on what one report embeds, so a full run with the generative phase stays small. */
const MAX_VALUE_CHARS = 3000;
const MAX_DIAGNOSTICS = 25;
/** A passing check shows this many of its warnings; the JSON report has them all. */
const MAX_PASSED_DIAGNOSTICS = 5;
const MAX_FAILURES = 100;
/**
 * What the findings' details (values, exchanges, cases) may take of the page in all: past it a
 * finding shows its message alone and points to the JSON report, so a run where everything fails
 * still writes a page a browser opens (under 2 MB).
 */
const DETAIL_CHARS = 1_000_000;
/** How many findings a check shows once the budget is spent. */
const SPENT_DIAGNOSTICS = 3;

/** The characters of detail the page has left. */
interface Budget {
  left: number;
}

/** `detailed` while the budget lasts, else `brief`; either is taken from it. */
function within(budget: Budget, detailed: string, brief: string): string {
  const chosen = detailed.length > budget.left ? brief : detailed;
  budget.left -= chosen.length;
  return chosen;
}

type JsonReport = ReturnType<typeof toJsonReport>;

/** What the report is drawn from: write-reports.ts's `ReportInput`, a run's or merged shards'. */
interface HtmlInput {
  results: readonly CheckResult[];
  run: Parameters<typeof toJsonReport>[1];
  generated?: GenerateReport;
  exercised?: Exercised;
  /** What `exercised` covers, where the run already worked it out. */
  coverage?: Coverage;
}

/**
 * The conformance report as one self-contained HTML page: the verdict and counts, a requirement ×
 * version grid whose cells lead to their checks, every check with its findings (each failure with
 * the request, the answer, expected and actual, and a `curl` line), the generated requests'
 * failures with their seed and shrunk case, and what the run exercised of the documents. A pure
 * function of what the JSON report carries, so merged shards render as one run would. Nothing
 * loads from anywhere: the style sheet and the script are inline, allowed by their hashes.
 */
export function toHtmlReport({ results, run, generated, exercised, ...known }: HtmlInput): string {
  const report = toJsonReport(results, run, generated, exercised);
  const coverage = known.coverage ?? (exercised && coverageOf(exercised, run.versions));
  const ids = new Map(results.map((r, i) => [r, `r-${i}`]));
  const versions = [...new Set([...run.versions, ...results.map((r) => r.version)])];
  const rows = rowsOf(results, versions);
  const budget: Budget = { left: DETAIL_CHARS };
  // The generated failures first: their seed, shrunk case and curl line are kept before the
  // checks' exchanges take what is left.
  const phase = generated ? generatedSection(generated, budget) : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${esc(CONTENT_SECURITY_POLICY)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Conformance report: ${report.passed ? 'passed' : 'failed'}</title>`,
    `<style>${STYLE}</style></head><body data-filter="all">`,
    headerSection(report, results, coverage),
    '<main>',
    gridSection(rows, versions, ids),
    requirementsSection(rows, ids),
    checksSection(results, ids, versions, budget),
    phase,
    coverageSection(report, coverage, results),
    '</main>',
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

function headerSection(
  report: JsonReport,
  results: readonly CheckResult[],
  coverage: Coverage | undefined,
): string {
  const verdict = report.passed ? 'passed' : 'failed';
  const warnings = results.reduce((n, r) => n + warningsOf(r).length, 0);
  const counts = SEVERITY.map(
    (s) => `<span>${esc(LABEL[s])}: <b data-count="${s}">${report.counts[s] ?? 0}</b></span>`,
  );
  const filters = [
    ['all', 'all'],
    ['failed', 'failed'],
    ['warning', 'warnings'],
    ['not_testable', 'untestable'],
  ].map(
    ([filter, label]) =>
      `<button type="button" data-filter="${filter}" aria-pressed="${filter === 'all'}">${label}</button>`,
  );
  return `<header>
<h1>Service API conformance <span class="verdict ${verdict}" id="verdict">${verdict.toUpperCase()}</span></h1>
<p class="meta">profile ${esc(report.profile)} · versions ${esc(report.versions.join(', '))} · started ${esc(report.startedAt)} · ${esc((report.durationMs / 1000).toFixed(1))} s</p>
<p class="counts">${results.length} results: ${counts.join('')}<span>warnings: <b>${warnings}</b></span></p>
<p class="meta" id="coverage-line">${coverage ? esc(coverageLine(coverage)) : 'coverage: not recorded in this report'}</p>
<nav class="filters" aria-label="show checks">${filters.join('')}</nav>
</header>`;
}

/** Every result, by version, each a collapsed section with what it found. */
function checksSection(
  results: readonly CheckResult[],
  ids: Map<CheckResult, string>,
  versions: string[],
  budget: Budget,
): string {
  const groups = versions.map((version) => {
    const here = results.filter((r) => r.version === version);
    const states = STATE_ORDER.filter((s) => here.some((r) => stateOf(r) === s)).join(' ');
    return `<div class="version" data-states="${states}"><h3>${esc(version)}</h3>\n${here.map((r) => resultOf(r, ids.get(r)!, budget)).join('\n')}</div>`;
  });
  return `<section id="checks"><h2>Checks</h2>\n${groups.join('\n')}</section>`;
}

function resultOf(result: CheckResult, id: string, budget: Budget): string {
  const state = stateOf(result);
  const cap =
    budget.left <= 0
      ? SPENT_DIAGNOSTICS
      : result.status === 'passed'
        ? MAX_PASSED_DIAGNOSTICS
        : MAX_DIAGNOSTICS;
  const shown = result.diagnostics.slice(0, cap);
  const more = result.diagnostics.length - shown.length;
  const body = [
    `<p>${esc(result.title)} <span class="mute">· ${esc(result.requirements.join(', '))} · ${esc(result.durationMs)} ms</span></p>`,
    result.reason ? `<p>${esc(result.reason)}</p>` : '',
    ...(result.notes ?? []).map((n) => `<p class="mute">not exercised: ${esc(n)}</p>`),
    ...shown.map((d) => diagnosticOf(d, isShapeFinding(result, d), budget)),
    more > 0 ? `<p class="mute">${more} more in the JSON report</p>` : '',
  ];
  const n = result.diagnostics.length;
  const count = n ? ` · ${n} finding${n === 1 ? '' : 's'}` : '';
  return `<details class="result" id="${id}" data-state="${state}" data-check="${esc(result.check)}" data-version="${esc(result.version)}"><summary>${tagOf(state)} ${esc(result.check)}<span class="mute">${esc(count)}</span></summary><div class="body">${body.join('')}</div></details>`;
}

/**
 * One finding: what, where, expected and actual, and the exchange it is about (with a `curl` line
 * unless the finding's case has its own).
 */
function diagnosticOf(d: Diagnostic, shape: boolean, budget: Budget, curl = true): string {
  const where = [d.requirement, d.location, d.reading && `reading ${d.reading}`].filter(Boolean);
  const details = `${valueOf('expected', d.expected)}${valueOf('actual', d.actual)}${d.exchange ? exchangeOf(d.exchange, curl) : ''}`;
  const brief = details ? '<p class="mute">its values and exchange: in the JSON report</p>' : '';
  return `<div class="diag ${esc(d.severity)}"><div><b>${esc(shape ? `shape: ${d.rule}` : d.rule)}</b> <span class="mute">${esc(where.join(' · '))}</span></div>
<div class="message">${esc(shown(d.message))}</div>${within(budget, details, brief)}</div>`;
}

function valueOf(label: string, value: unknown): string {
  if (value === undefined) return '';
  return `<div class="label">${label}</div><pre>${esc(shown(value))}</pre>`;
}

/** A value as text, JSON pretty-printed unless a string, cut at MAX_VALUE_CHARS. */
function shown(value: unknown): string {
  const text =
    typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  if (text.length <= MAX_VALUE_CHARS) return text;
  return `${text.slice(0, MAX_VALUE_CHARS)}\n... (${text.length - MAX_VALUE_CHARS} more characters)`;
}

/** The request sent (headers with credentials replaced), the answer got, and a `curl` to resend. */
function exchangeOf({ request, answer }: Exchange, curl: boolean): string {
  const parts: string[] = [];
  if (request) {
    const headers = Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
    const lines = [`${request.method} ${request.path}`, ...headers];
    if (request.body !== undefined) lines.push('', request.body);
    parts.push(
      `<div class="label">request</div><pre class="request">${esc(shown(lines.join('\n')))}</pre>`,
    );
  }
  if (answer) {
    const lines = [String(answer.status)];
    if (answer.body !== undefined) lines.push(shown(answer.body));
    parts.push(`<div class="label">answer</div><pre class="answer">${esc(lines.join('\n'))}</pre>`);
  }
  if (request)
    parts.push(
      `<div class="label">curl</div><pre class="curl">${esc(replayLines(request).join('\n'))}</pre>`,
    );
  return parts.join('');
}

/** The generated requests: how many, the seed, each distinct failure and warning shrunk. */
function generatedSection(generated: GenerateReport, budget: Budget): string {
  const cases = generated.runs.reduce((n, run) => n + run.cases, 0);
  const listed = [...generated.failures, ...generated.warnings];
  const shownFailures = listed.slice(0, MAX_FAILURES);
  const runs = generated.runs.map(
    (run) =>
      `<tr><td>${esc(run.version)}</td><td>${esc(run.operation)}</td><td>${esc(run.cases)}</td><td>${esc(
        Object.entries(run.kinds)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
      )}</td><td>${run.failed ? 'failed' : ''}${run.interrupted ? ' cut short' : ''}</td></tr>`,
  );
  const deliveries = generated.deliveries.map(
    (d) =>
      `<li>${esc(d.version)}: ${esc(d.received)} deliveries received (${esc(d.fromTraffic)} set off by the generated requests)${d.failed ? ', some broke their contract' : ''}</li>`,
  );
  return `<section id="generated"><h2>Generated requests</h2>
<p>${cases} cases over ${generated.runs.length} operations and versions · seed <b id="seed">${generated.seed}</b> · ${generated.maxExamples} per operation · budget ${Math.round(generated.maxTimeMs / 1000)} s · ${generated.failures.length} distinct failures, ${generated.warnings.length} warnings</p>
${shownFailures.map((f, i) => generatedFailureOf(f, i, budget)).join('\n')}
${listed.length > shownFailures.length ? `<p class="mute">${listed.length - shownFailures.length} more in the JSON report</p>` : ''}
<details><summary>operations sent to (${generated.runs.length})</summary><div class="body"><table class="cov"><thead><tr><th>version</th><th>operation</th><th>cases</th><th>kinds</th><th></th></tr></thead><tbody>${runs.join('')}</tbody></table>
<ul>${deliveries.join('')}</ul></div></details></section>`;
}

function generatedFailureOf(failure: GeneratedFailure, index: number, budget: Budget): string {
  const state = failure.severity === 'error' ? 'failed' : 'warning';
  const replayed = failure.reproduced ? '' : ' · did not fail again when replayed';
  return `<details class="result generated" id="g-${index}" data-state="${state}"><summary>${tagOf(state)} ${esc(failureHeadline(failure))}</summary><div class="body">
<p>${esc(failure.occurrences)} case${failure.occurrences === 1 ? '' : 's'} failed so · shrunk ${esc(failure.shrinks)} times${esc(replayed)} · seed <b>${esc(failure.seed)}</b>, path <b>${esc(failure.path)}</b></p>
${within(
  budget,
  `<div class="label">shrunk case</div><pre class="request">${esc(shown(caseText(failure.case)))}</pre>
<div class="label">curl</div><pre class="curl">${esc(shown(generatedReplay(failure)))}</pre>`,
  '<p class="mute">its case and curl line: in the JSON report</p>',
)}
${failure.findings
  .slice(0, budget.left > 0 ? MAX_DIAGNOSTICS : SPENT_DIAGNOSTICS)
  .map((d) => diagnosticOf(d, false, budget, false))
  .join('')}</div></details>`;
}

function caseText(request: GeneratedCase): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${redactText(v)}`);
  const lines = [`${request.method} ${redactText(request.path)}`, ...headers];
  if (request.change) lines.unshift(`(${request.change})`);
  if (request.body !== undefined) lines.push('', redactText(request.body));
  return lines.join('\n');
}

/** A generated failure's replay, the line the terminal prints, with what `$TOKEN` stands for. */
function generatedReplay({ curl, credential }: GeneratedFailure): string {
  return [...(credential ? [tokenNote(credential)] : []), redactText(curl)].join('\n');
}
