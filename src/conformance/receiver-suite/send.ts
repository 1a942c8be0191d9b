import { sendDelivery as postDelivery } from '../../devloop/send-delivery.js';

/** What came of one delivery the suite sent: the answer's status, or why there was none. */
export interface Outcome {
  event: string;
  id: string;
  status?: number;
  /** Milliseconds from sending to the answer's status line, or to giving up. */
  ms: number;
  /** Why there was no answer: a timeout or a transport error. */
  failure?: string;
  /** The start of the answer's body, to show in findings. */
  excerpt?: string;
}

/** The most of an answer's body kept for a finding: a receiver's error page may be large. */
const EXCERPT_BYTES = 512;

/**
 * POSTs one delivery, as `trigger` does, and waits at most `timeoutMs` for its status line.
 * Redirects are not followed: a delivery is acknowledged by a 2xx at the subscribed URL (DLV-01).
 */
export async function sendDelivery(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer>,
  timeoutMs: number,
): Promise<Omit<Outcome, 'event' | 'id'>> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const sent = await postDelivery(
    new URL(url),
    { headers, body: bytes },
    { timeoutMs, excerptBytes: EXCERPT_BYTES },
  );
  if (sent.status === undefined)
    return {
      ms: sent.ms,
      failure: sent.timedOut ? sent.problem : `the request failed: ${sent.problem}`,
    };
  return { status: sent.status, ms: sent.ms, excerpt: sent.excerpt };
}
