/** One way an implementation broke a rule, as a check reports it. */
export interface Diagnostic {
  check: string;
  requirement: string;
  severity: 'error' | 'warning';
  message: string;
  expected?: unknown;
  actual?: unknown;
  /** Set when an answer broke its document (status, content type, headers, body), rather than the rule's behaviour. */
  shape?: true;
}

/** A check that cannot run here says why instead of passing silently. */
export interface Skip {
  skip: 'not_applicable' | 'not_testable';
  reason: string;
}
