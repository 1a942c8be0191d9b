import { onTestFinished } from 'vitest';
import { OK, type deliveryApi, waitFor } from '../delivery-harness.ts';
import type { CannedAnswer } from '../recording-server.ts';

export interface FailingReceiver {
  /** What the attempts get in turn; an attempt past the list is acknowledged. */
  answers: readonly CannedAnswer[];
  /** How many attempts to wait for. */
  attempts: number;
  /** How long to wait on after them, so that one attempt too many would have arrived. */
  settleMs?: number;
  /** How long the attempts may take to arrive. */
  timeoutMs?: number;
}

/** DLV-09: an event gets four attempts; here each of them fails with a 500. */
export const EVERY_ATTEMPT_FAILS: FailingReceiver = {
  answers: Array.from({ length: 4 }, () => ({ status: 500 })),
  attempts: 4,
};

/**
 * DLV-04..09: one `meeting.ended` event to a receiver subscribed for the test that answers
 * `answers` in turn. Resolves with the receiver once `attempts` arrived (or the time ran out:
 * `arrived` says which) and `settleMs` passed; the receiver is removed when the test ends.
 */
export async function failingReceiver(
  api: ReturnType<typeof deliveryApi>,
  { answers, attempts, settleMs = 0, timeoutMs }: FailingReceiver,
) {
  const hook = await api.receiver('meeting.ended', (_, index) => answers[index] ?? OK);
  onTestFinished(() => hook.close());
  await api.trigger('meeting.ended', {});
  const arrived = await waitFor(() => hook.requests.length === attempts, timeoutMs);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { hook, arrived };
}
