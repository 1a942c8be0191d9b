import type { Diagnostic } from '../diagnostic.js';
import type { SpecError } from './spec-error.js';

/**
 * The status of each request rule, by the spec's error code the rule is named after. A refused
 * scope or access model gets the refusal its operation documents: 403 where it has one
 * (`chat.postEphemeral`, AUTH-13), else 401 (SUB-06, SUB-08).
 */
const STATUS = new Map<string, number | ((operation: Record<string, any>) => number)>([
  ['missing_scope', (operation) => (operation.responses?.['403'] ? 403 : 401)],
  ['msg_too_long', 413],
  ['missing_parameter', 400],
  ['invalid_parameter', 400],
  ['invalid_request', 400],
  ['access_mode_not_supported', 400],
]);

/**
 * The answer to a request the rules found wrong: the first finding decides it (the rules list
 * their findings in the order the front has always judged them), answered with its rule as the
 * code. Undefined when nothing was found.
 */
export function refusalOf(
  findings: readonly Diagnostic[],
  operation: Record<string, any>,
): SpecError | undefined {
  const first = findings[0];
  if (!first) return undefined;
  const status = STATUS.get(first.rule) ?? 400;
  return { status: typeof status === 'number' ? status : status(operation), code: first.rule };
}
