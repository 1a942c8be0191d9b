import type { Clock } from '../clock.js';
import type { DestinationPolicy } from '../destination-url.js';
import {
  type AttemptOutcome,
  type DeliveryClientOptions,
  createDeliveryClient,
  sendAttempt,
} from './attempt.js';

/** One POST of a delivery as it goes out: the signed bytes and the headers that say so. */
export interface OutgoingAttempt {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Sends delivery attempts, each to a destination the policy allows (SUB-03). */
export interface Sender {
  /** Where attempts may go: subscribe holds new URLs to the same policy. */
  destinations: DestinationPolicy;
  send(url: string, attempt: OutgoingAttempt): Promise<AttemptOutcome>;
  /** Closes the connections once the attempts in flight finish. */
  close(): void;
}

/**
 * Attempts over undici, through connections that check the address they connect to (SUB-03),
 * each bounded by the answer window `timeoutSeconds` (DLV-08).
 */
export function createSender(
  destinations: DeliveryClientOptions,
  clock: Clock,
  timeoutSeconds: number,
): Sender {
  const client = createDeliveryClient(destinations);
  const timeoutMs = timeoutSeconds * 1000;
  return {
    destinations: client.policy,
    send: (url, { headers, body }) =>
      sendAttempt(url, body, headers, timeoutMs, clock.nowMicroseconds() / 1000, client),
    close: () => void client.agent.close().catch(() => undefined),
  };
}
