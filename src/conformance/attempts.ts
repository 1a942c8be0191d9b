import { groupBy } from '../group-by.js';
import type { Received } from './receiver.js';

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
