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
