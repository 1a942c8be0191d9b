import type { CheckResult } from '../run/check-result.js';
import { ACKNOWLEDGED } from './expect-outcome.js';

/**
 * Why a receiver may answer 401 to every delivery, valid ones included: its verification never
 * succeeds, and the two usual causes are these (DLV-03, AUTH-12).
 */
export const UNAUTHORIZED_HINT =
  'every valid delivery was answered 401, so verification never succeeds: the key is the ' +
  'base64 after "whsec_", decoded (not the text of the secret), and the signature is computed ' +
  'over the raw body bytes as received (not over re-serialized JSON)';

/**
 * The results with the hint added to the first finding of each that a valid delivery got 401,
 * when every valid delivery of the run got 401; otherwise the results as they are. Only then is
 * the cause sure to be the receiver's verification rather than one rule it breaks.
 */
export function withUnauthorizedHint<Result extends CheckResult>(
  results: readonly Result[],
  validAnswers: ReadonlyArray<number | undefined>,
): Result[] {
  const allUnauthorized = validAnswers.length > 0 && validAnswers.every((s) => s === 401);
  if (!allUnauthorized) return [...results];
  return results.map((result) => {
    const first = result.diagnostics.findIndex(
      (d) => d.expected === ACKNOWLEDGED && d.actual === 401,
    );
    if (first === -1) return result;
    const diagnostics = result.diagnostics.map((d, i) =>
      i === first ? { ...d, message: `${d.message} (${UNAUTHORIZED_HINT})` } : d,
    );
    return { ...result, diagnostics };
  });
}
