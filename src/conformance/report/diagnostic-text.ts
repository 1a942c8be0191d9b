import type { Diagnostic } from '../../diagnostic.js';
import type { CheckResult } from '../run/check-result.js';

/**
 * Whether a diagnostic of `result` is a shape finding (an answer that differs from its document,
 * by one of the response rules) rather than the check's own, whose rule is the check's id.
 */
export function isShapeFinding(result: CheckResult, diagnostic: Diagnostic): boolean {
  return diagnostic.rule !== result.check;
}

/** A diagnostic as the text summary and JUnit print it: shape findings say so, and where. */
export function diagnosticText(result: CheckResult, diagnostic: Diagnostic): string {
  if (!isShapeFinding(result, diagnostic)) return diagnostic.message;
  const where = diagnostic.location ? ` (${diagnostic.location})` : '';
  return `shape: ${diagnostic.message}${where}`;
}
