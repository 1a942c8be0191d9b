import type { GeneratedFailure } from './exercise-target.js';

/**
 * The one line every report heads a generated failure with: the version, the operation, the kind
 * of request and the first rule it broke (or its signature where it carries no finding).
 */
export function failureHeadline(failure: GeneratedFailure): string {
  const [first] = failure.findings;
  const what = first ? `${first.requirement ?? ''} ${first.message}`.trim() : failure.signature;
  return `${failure.version} ${failure.operation}: ${failure.case.kind} request: ${what}`;
}
