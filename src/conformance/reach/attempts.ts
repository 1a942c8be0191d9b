// reach/: making the implementation act (subscribe, emit, post) and reading what it delivered.
import { groupBy } from '../../group-by.js';
import type { Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { PLAIN_HTTP, type Received, type Receiver } from '../callback/receiver.js';

// How the attempts of deliveries read, whatever order the suite's receiver read them in.

/**
 * Attempts grouped by their delivery (webhook-id), in the order the deliveries began; each
 * delivery's attempts in the order they say they were made (DLV-05: the first carries no retry
 * number). Arrival can differ: a first attempt the suite's receiver was too busy to take in time
 * is abandoned by the implementation (DLV-08) and retried, and may still be read after its retry.
 */
export function byWebhookId(attempts: readonly Received[]): Received[][] {
  const deliveries = groupBy(attempts, (attempt) => String(attempt.headers['webhook-id'] ?? ''));
  // A stable sort: attempts naming the same number keep their order of arrival.
  return [...deliveries.values()].map((delivery) =>
    delivery.sort((a, b) => retryNumber(a) - retryNumber(b)),
  );
}

/**
 * How many attempts a delivery's arrivals show: each arrival is one, and a retry numbered n shows
 * that n attempts came before it (DLV-05), though an earlier one the suite's receiver took too late,
 * or lost, was never read.
 */
export function attemptCount(delivery: readonly Received[]): number {
  return Math.max(delivery.length, ...delivery.map((r) => retryNumber(r) + 1));
}

/** The retry an attempt says it is (`Service-Retry-Num`), 0 for a first attempt or an unreadable one. */
export function retryNumber(attempt: Received): number {
  const said = Number(attempt.headers['service-retry-num']);
  return Number.isSafeInteger(said) && said > 0 ? said : 0;
}

/**
 * How many of a delivery's retries the implementation made although it had an answer: every
 * retry but those for a transport failure (DLV-05's reason), which say the previous attempt got no
 * answer in time, whatever the suite's receiver answered.
 */
export function retriedDespiteAnswers(delivery: readonly Received[]): number {
  return delivery.slice(1).filter((r) => !retriedForTransport(r)).length;
}

/**
 * Whether an attempt says it retries a transport failure (DLV-05's reason): the attempt before it
 * got no answer in time, whatever the suite's receiver answered it.
 */
export function retriedForTransport(attempt: Received): boolean {
  return attempt.headers['service-retry-reason'] === 'transport';
}

/**
 * Why what arrived cannot be judged, when the suite's receiver lost connections since `from`
 * (reset by the implementation before the receiver read them: its process was too busy to take
 * them in time, and the implementation gave up on them, DLV-08): the missing attempts may have
 * been made. Measured again (Skip.rerun); undefined when nothing was lost.
 */
export function lostOnTheSuitesSide(
  receiver: Receiver,
  from: number,
  /** What fell short, to open the reason with (`the receiver answering 500 got 3 of 4 attempts`). */
  short?: string,
): Skip | undefined {
  const lost = receiver.lostSince(from);
  if (lost === 0) return undefined;
  return {
    skip: 'not_testable',
    rerun: true,
    reason: `${short ? `${short} while ` : ''}${lost} connections to the suite's receiver were reset before it read their request (its process was too busy to take them in time, and the implementation gave up on them), so deliveries may have been lost on the suite's side; run on a less busy machine`,
  };
}

/**
 * A finding that nothing arrived since `from`, with the cause the suite's receiver saw where it saw
 * one: TLS handshakes that failed (an implementation that does not trust the certificate given
 * with --callback-cert delivers nothing, and the message would otherwise only say it waited).
 */
export async function reportNoneArrived(
  context: CheckContext,
  from: number,
  message: string,
): Promise<void> {
  const failed = (await context.receiver()).handshakesFailedSince(from);
  context.report({ message: `${message}${handshakeCause(failed)}` });
}

/** Failed handshakes in words, each distinct error once; '' when there were none. */
export function handshakeCause(failed: readonly string[]): string {
  if (failed.length === 0) return '';
  const errors = [...new Set(failed)].slice(0, 3).join('; ');
  const trust = failed.every((error) => error === PLAIN_HTTP)
    ? 'the implementation sent plain HTTP to an HTTPS receiver'
    : 'the implementation may not trust the certificate given with --callback-cert';
  return `; the suite's receiver saw ${failed.length} TLS handshake${failed.length === 1 ? '' : 's'} fail (${errors}): ${trust}`;
}
