import type { Diagnostic } from '../diagnostic.js';
import type { SpecError } from './spec-error.js';

/**
 * The status of each request rule, by the spec's error code the rule is named after. A refused
 * scope or access model gets the refusal the spec gives its operation: 403 on v1 where the
 * operation documents one (`chat.postEphemeral`, AUTH-13), else 401 (SUB-06, SUB-08; v0 lists
 * 401, and documents 403 only as another implementation's choice).
 */
const STATUS = new Map<
  string,
  number | ((operation: Record<string, any>, generation?: string) => number)
>([
  [
    'missing_scope',
    (operation, generation) => (generation !== 'v0' && operation.responses?.['403'] ? 403 : 401),
  ],
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
  generation?: string,
): SpecError | undefined {
  const first = findings[0];
  if (!first) return undefined;
  const status = STATUS.get(first.rule) ?? 400;
  return {
    status: typeof status === 'number' ? status : status(operation, generation),
    code: first.rule,
  };
}
