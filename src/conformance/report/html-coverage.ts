// The HTML report's coverage section: requirements tested, and per version what the run exercised.
import type { CheckResult } from '../run/check-result.js';
import { type ClauseCoverage, clauseCoverage, clauseLine } from './clause-coverage.js';
import type { Coverage, VersionCoverage } from './coverage.js';
import { escapeHtml as esc } from './html-escape.js';
import { LABEL } from './html-labels.js';
import type { toJsonReport } from './json-report.js';

type JsonReport = ReturnType<typeof toJsonReport>;

export function coverageSection(
  report: JsonReport,
  coverage: Coverage | undefined,
  results: readonly CheckResult[],
): string {
  const clauses = clausesOf(clauseCoverage(results));
  const tested = report.requirements.filter(
    (r) => r.verdict === 'passed' || r.verdict === 'failed',
  );
  const untested = report.requirements.filter((r) => !tested.includes(r));
  const requirements = `<p id="requirements-covered">requirements tested: <b>${tested.length}/${report.requirements.length}</b>${untested.length ? ` · not tested: ${untested.map((r) => `<a href="#${esc(`q-${r.requirement}`)}">${esc(r.requirement)}</a> (${esc(LABEL[r.verdict])})`).join(', ')}` : ''}</p>`;
  if (!coverage)
    return `<section id="coverage"><h2>API coverage</h2><p>This report carries no record of what the run exercised.</p>${requirements}${clauses}</section>`;
  const tallies = (
    [
      ['operations', coverage.operations],
      ['documented answers', coverage.answers],
      ['webhook events', coverage.events],
    ] as const
  ).map(
    ([label, t]) =>
      `<li>${label}: <b data-coverage="${label}">${t.covered}/${t.total}</b> (${t.total ? Math.round((100 * t.covered) / t.total) : 100}%)</li>`,
  );
  return `<section id="coverage"><h2>API coverage</h2>
<ul>${tallies.join('')}</ul>${requirements}${clauses}
${coverage.versions.map(versionCoverageOf).join('\n')}
${neverOf(coverage)}</section>`;
}

function versionCoverageOf({ version, operations, events }: VersionCoverage): string {
  const answers = operations.flatMap((o) => o.answers);
  const count = (n: number, of: number, what: string) => `${what} ${n}/${of}`;
  const heading = [
    count(operations.filter(exercised).length, operations.length, 'operations'),
    count(answers.filter((a) => a.seen.length).length, answers.length, 'answers'),
    count(events.filter((e) => e.delivered).length, events.length, 'events'),
  ].join(', ');
  const rows = operations.map((o) => {
    const chips = o.answers.map(
      (a) =>
        `<span class="chip ${a.seen.length ? 'hit' : 'miss'}" title="${esc(a.seen.length ? `got ${a.seen.join(', ')}` : 'never got')}">${esc(a.response)}</span>`,
    );
    const odd = o.undocumented.map(
      (s) => `<span class="chip odd" title="not documented">${s}</span>`,
    );
    return `<tr><td>${esc(o.method)} ${esc(o.path)}</td><td>${chips.join('')}${odd.join('')}</td></tr>`;
  });
  const delivered = events.map(
    (e) => `<span class="chip ${e.delivered ? 'hit' : 'miss'}">${esc(e.event)}</span>`,
  );
  return `<details id="${esc(`cov-${version}`)}"><summary>${esc(version)}: ${esc(heading)}</summary><div class="body">
<table class="cov"><thead><tr><th>operation</th><th>documented answers (green: got; yellow: got, undocumented)</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${events.length ? `<div class="label">webhook events delivered</div><p>${delivered.join('')}</p>` : ''}</div></details>`;
}

const exercised = (o: VersionCoverage['operations'][number]) =>
  o.answers.some((a) => a.seen.length > 0) || o.undocumented.length > 0;

/** Per version, the operations, answers and events the run never exercised. */
function neverOf(coverage: Coverage): string {
  const lines = coverage.versions.flatMap(({ version, operations, events }) => {
    const missed = operations.flatMap((o) => {
      const answers = o.answers.filter((a) => a.seen.length === 0).map((a) => a.response);
      if (!exercised(o)) return [`${o.method} ${o.path}: never called`];
      return answers.length ? [`${o.method} ${o.path}: ${answers.join(', ')}`] : [];
    });
    const silent = events.filter((e) => !e.delivered).map((e) => e.event);
    if (silent.length) missed.push(`events never delivered: ${silent.join(', ')}`);
    return missed.length
      ? [
          `<li><b>${esc(version)}</b><ul>${missed.map((m) => `<li>${esc(m)}</li>`).join('')}</ul></li>`,
        ]
      : [];
  });
  return `<details id="never"><summary>never exercised (${lines.length} versions)</summary><div class="body"><ul>${lines.join('')}</ul></div></details>`;
}

/** The stated clauses judged, then those this run did not judge with why (#32). */
function clausesOf(clauses: ClauseCoverage): string {
  const items = clauses.notJudged.map(
    ({ id, text, reason }) =>
      `<li><b>${esc(id)}</b> ${esc(text)}<br><span class="reason">${esc(reason)}</span></li>`,
  );
  return `<p id="clauses-judged">${esc(clauseLine(clauses))}</p>
<details id="clauses-not-judged"><summary>stated clauses not judged in this run (${clauses.notJudged.length})</summary><div class="body"><ul>${items.join('')}</ul></div></details>`;
}
