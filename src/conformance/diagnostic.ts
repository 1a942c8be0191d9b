/** One way an implementation broke a rule, as a check reports it. */
export interface Diagnostic {
  check: string;
  requirement: string;
  severity: 'error' | 'warning';
  message: string;
  expected?: unknown;
  actual?: unknown;
}

/** A check that cannot run here says why instead of passing silently. */
export interface Skip {
  skip: 'not_applicable' | 'not_testable';
  reason: string;
}
