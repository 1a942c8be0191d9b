import { performance } from 'node:perf_hooks';
import type { SignedDelivery } from './signed-delivery.js';

/** How long a receiver has to answer 2xx before the attempt counts as failed (DLV-08). */
export const ANSWER_WITHIN_MS = 3000;

/** What came of one POST: the answer's status and how long it took, or why there was none. */
export type Sent =
  | { ok: boolean; status: number; ms: number }
  | { ok: false; status?: undefined; ms: number; problem: string };

/**
 * POSTs a delivery and waits at most `ANSWER_WITHIN_MS` for the answer: acknowledged (`ok`) only by
 * a 2xx within that time (DLV-01, DLV-08). The answer's body is not read beyond its end.
 */
export async function sendDelivery(url: URL, delivery: SignedDelivery): Promise<Sent> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    // The status is the answer; the body is let go so the connection can be reused.
    await answer.body?.cancel();
    const ms = elapsed();
    return {
      ok: answer.status >= 200 && answer.status < 300 && ms <= ANSWER_WITHIN_MS,
      status: answer.status,
      ms,
    };
  } catch (error) {
    const ms = elapsed();
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      ms,
      problem: timedOut ? `no answer within ${ANSWER_WITHIN_MS / 1000} s` : transportProblem(error),
    };
  }
}

/** Why fetch failed, in one line: its cause (ECONNREFUSED, ...) says more than "fetch failed". */
function transportProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code} (${cause.message ?? 'transport error'})`;
  return error instanceof Error ? error.message : String(error);
}
