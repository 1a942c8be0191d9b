import type { CheckResult } from '../run/check-result.js';
import { type CellState, LABEL, STATE_ORDER, stateOf, tagOf } from './html-labels.js';
import { escapeHtml as esc } from './html-escape.js';
import {
  SEVERITY,
  type Verdict,
  summarizeByRequirement,
  verdictFor,
} from './requirement-summary.js';
import { groupBy } from '../../group-by.js';

/** One requirement at one version: the results behind it, their verdict and the state shown. */
interface Cell {
  version: string;
  verdict: Verdict;
  state: CellState;
  results: CheckResult[];
}

/**
 * One requirement: its verdict (the JSON report's), the state it shows (its worst cell's) and its
 * cells. The grid and the requirement list both draw from these, so they cannot disagree.
 */
interface Row {
  requirement: string;
  verdict: Verdict;
  state: CellState;
  cells: Cell[];
}

/** Per requirement (as the JSON report orders them), a cell per version it has results at. */
export function rowsOf(results: readonly CheckResult[], versions: readonly string[]): Row[] {
  return summarizeByRequirement(results).map(({ requirement, verdict, results: covered }) => {
    const byVersion = groupBy(covered, (r) => r.version);
    const cells = versions.flatMap((version) => {
      const here = byVersion.get(version);
      if (!here) return [];
      const worst = SEVERITY.find((s) => here.some((r) => verdictFor(r, requirement) === s))!;
      const warned = worst === 'passed' && here.some((r) => stateOf(r) === 'warning');
      return [
        { version, verdict: worst, state: warned ? ('warning' as const) : worst, results: here },
      ];
    });
    const state = STATE_ORDER.find((s) => cells.some((c) => c.state === s))!;
    return { requirement, verdict, state, cells };
  });
}

/** The states of a row's cells, for the filters: `[data-states~=failed]`. */
const statesOf = (cells: readonly Cell[]) =>
  STATE_ORDER.filter((s) => cells.some((c) => c.state === s)).join(' ');

const cellId = (requirement: string, version: string) => `c-${requirement}-${version}`;

/**
 * Where a cell leads: a cell that is not a clean pass straight to the result that made it so
 * (opened by the page's script), one click from the grid to the failure; otherwise to its line in
 * the requirement list.
 */
function targetOf(requirement: string, cell: Cell, ids: Map<CheckResult, string>): string {
  const culprit =
    cell.state === 'passed' || cell.state === 'not_applicable'
      ? undefined
      : cell.results.find((r) => stateOf(r) === cell.state);
  return culprit ? ids.get(culprit)! : cellId(requirement, cell.version);
}

/** The requirement × version grid: each cell its checks' verdict, linking to them. */
export function gridSection(
  rows: readonly Row[],
  versions: readonly string[],
  ids: Map<CheckResult, string>,
): string {
  const head = versions.map((v) => `<th scope="col">${esc(v)}</th>`).join('');
  const lines = rows.map(({ requirement, cells }) => {
    const tds = versions.map((version) => {
      const cell = cells.find((c) => c.version === version);
      if (!cell) return '<td class="none"></td>';
      const { verdict, state } = cell;
      const title = cell.results.map((r) => `${r.check}: ${LABEL[stateOf(r)]}`).join('\n');
      return `<td><a class="s-${state}" href="#${esc(targetOf(requirement, cell, ids))}" data-requirement="${esc(requirement)}" data-version="${esc(version)}" data-verdict="${verdict}" data-state="${state}" title="${esc(title)}">${esc(LABEL[state])}</a></td>`;
    });
    return `<tr data-states="${statesOf(cells)}"><th scope="row" class="req"><a href="#${esc(`q-${requirement}`)}">${esc(requirement)}</a></th>${tds.join('')}</tr>`;
  });
  return `<section id="grid"><h2>Requirements by version</h2><div class="grid-wrap"><table class="grid">
<thead><tr><th scope="col" class="req">requirement</th>${head}</tr></thead>
<tbody>${lines.join('\n')}</tbody></table></div></section>`;
}

/**
 * Per requirement, per version, the checks behind its cell, each linking to its result. The
 * requirement and each version line carry the same state as the grid's row and cell.
 */
export function requirementsSection(rows: readonly Row[], ids: Map<CheckResult, string>): string {
  const sections = rows.map(({ requirement, state, cells }) => {
    const items = cells.map(({ version, state: cellState, results }) => {
      const links = results.map(
        (r) =>
          `<a href="#${ids.get(r)}" data-state="${stateOf(r)}">${tagOf(stateOf(r))} ${esc(r.check)}</a>`,
      );
      return `<li id="${esc(cellId(requirement, version))}" data-requirement="${esc(requirement)}" data-version="${esc(version)}" data-state="${cellState}">${tagOf(cellState)} ${esc(version)}: ${links.join(' ')}</li>`;
    });
    return `<details class="requirement" id="${esc(`q-${requirement}`)}" data-requirement="${esc(requirement)}" data-state-shown="${state}" data-states="${statesOf(cells)}"><summary>${tagOf(state)} ${esc(requirement)}</summary><div class="body"><ul class="checks">${items.join('')}</ul></div></details>`;
  });
  return `<section id="requirements"><h2>Requirements</h2>\n${sections.join('\n')}</section>`;
}
