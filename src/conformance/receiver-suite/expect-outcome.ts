import type { ReceiverContext } from './context.js';
import type { Outcome } from './send.js';

/** Whether an answer acknowledges a delivery: any 2xx (DLV-01). */
export const isSuccess = (status: number | undefined): status is number =>
  status !== undefined && status >= 200 && status < 300;

/** What a valid delivery is held to (DLV-01): the `expected` of a finding that it was not. */
export const ACKNOWLEDGED = '2xx';

/** Reports a delivery that was not acknowledged with 2xx (DLV-01): `what` says which one. */
export function expectAccepted(
  context: ReceiverContext,
  outcome: Outcome,
  what: string,
  requirement?: string,
): boolean {
  context.noteValidAnswer(outcome);
  if (isSuccess(outcome.status)) return true;
  context.report({
    message: `${what} (${outcome.event}, ${outcome.id}) was not acknowledged: ${answerText(outcome)}`,
    requirement,
    expected: ACKNOWLEDGED,
    actual: outcome.status ?? outcome.failure,
  });
  return false;
}

/**
 * What the suite holds a delivery failing verification to. The specification (Events, Delivery 3) says only
 * that receivers reject it; any answer but 2xx leaves it unacknowledged (DLV-01), so any refuses.
 */
const REFUSAL = 'a refusal: any status but 2xx';

/**
 * Reports a delivery that was acknowledged though it should have been refused. A refusal is any
 * answer but 2xx; a 5xx or 429 also refuses, but makes the sender retry a delivery that cannot
 * succeed (DLV-06), so it is a warning; no answer at all cannot be told from a receiver that
 * hung, and fails.
 */
export function expectRejected(
  context: ReceiverContext,
  outcome: Outcome,
  what: string,
  requirement?: string,
): void {
  const { status } = outcome;
  if (status === undefined) {
    context.report({
      message: `${what} got no answer (${outcome.failure ?? 'none'}); it must be refused with any status but 2xx`,
      requirement,
      expected: REFUSAL,
      actual: outcome.failure,
    });
    return;
  }
  if (isSuccess(status)) {
    context.report({
      message: `${what} was acknowledged with ${status}; it must be refused with any status but 2xx`,
      requirement,
      expected: REFUSAL,
      actual: status,
    });
    return;
  }
  if (status >= 500 || status === 429)
    context.report({
      message: `${what} was refused with ${status}, as it must be, but the sender retries a 5xx or 429 (DLV-06): another 4xx ends it at once`,
      requirement,
      severity: 'warning',
      expected: 'a refusal the sender does not retry: a 4xx other than 429',
      actual: status,
    });
}

function answerText(outcome: Outcome): string {
  if (outcome.status === undefined) return outcome.failure ?? 'no answer';
  return `${outcome.status}${outcome.excerpt ? ` ${outcome.excerpt.slice(0, 200)}` : ''}`;
}
