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
 * POSTs one delivery and waits at most `timeoutMs` for its status line. Redirects are not
 * followed: a delivery is acknowledged by a 2xx at the subscribed URL (DLV-01).
 */
export async function sendDelivery(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer>,
  timeoutMs: number,
): Promise<Omit<Outcome, 'event' | 'id'>> {
  const begun = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ms = Math.round(performance.now() - begun);
    return { status: response.status, ms, excerpt: await excerptOf(response) };
  } catch (error) {
    const ms = Math.round(performance.now() - begun);
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const failure = timedOut
      ? `no answer within ${timeoutMs / 1000} s`
      : `the request failed: ${causeOf(error)}`;
    return { ms, failure };
  }
}

/** The first bytes of a body as text; the rest is not read. */
async function excerptOf(response: Response): Promise<string | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      size += next.value.byteLength;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut off is shown as far as it came.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
  return text || undefined;
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
