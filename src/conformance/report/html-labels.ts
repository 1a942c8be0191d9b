import type { CheckResult } from '../run/check-result.js';
import type { Verdict } from './requirement-summary.js';

/** A grid cell's state: a verdict, or a pass that carries warnings. */
export type CellState = Verdict | 'warning';

export const LABEL: Record<CellState, string> = {
  passed: 'passed',
  failed: 'failed',
  not_applicable: 'n/a',
  not_testable: 'untestable',
  warning: 'warning',
};

/** Worst first, as `SEVERITY`, with a pass that carries warnings just above a clean pass. */
export const STATE_ORDER: readonly CellState[] = [
  'failed',
  'not_testable',
  'warning',
  'passed',
  'not_applicable',
];

export const warningsOf = (r: CheckResult) => r.diagnostics.filter((d) => d.severity === 'warning');

/** One result's state: its status, or `warning` for a pass with warnings. */
export function stateOf(result: CheckResult): CellState {
  return result.status === 'passed' && warningsOf(result).length ? 'warning' : result.status;
}

/** The state's tag as every part of the page shows it, so the grid and the lists read alike. */
export function tagOf(state: CellState): string {
  const title = state === 'warning' ? ' title="passed, with warnings"' : '';
  return `<span class="tag s-${state}"${title}>${LABEL[state]}</span>`;
}
