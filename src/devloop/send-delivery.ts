import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { SignedDelivery } from '../webhooks/signed-delivery.js';

/** How long a receiver has to answer 2xx before the attempt counts as failed (DLV-08). */
export const ANSWER_WITHIN_MS = 3000;

/** What came of one POST: the answer's status and how long it took, or why there was none. */
export type Sent =
  | { ok: boolean; status: number; ms: number; excerpt?: string }
  | { ok: false; status?: undefined; ms: number; problem: string; timedOut: boolean };

export interface SendOptions {
  /** How long to wait for the answer's status line; the spec's 3 s unless given. */
  timeoutMs?: number;
  /** How much of the answer's body to keep as `excerpt`, as text; none unless given. */
  excerptBytes?: number;
}

/**
 * POSTs a delivery and waits at most `timeoutMs` for the answer: acknowledged (`ok`) only by a 2xx
 * (DLV-01, DLV-08). Redirects are answers of their own, never followed. Node's `http`, not fetch:
 * fetch refuses ports on its "bad ports" list, which a local receiver may well use. Of the answer's
 * body, at most `excerptBytes` are read, for at most `timeoutMs` more; the rest is dropped.
 */
export function sendDelivery(
  url: URL,
  delivery: SignedDelivery,
  { timeoutMs = ANSWER_WITHIN_MS, excerptBytes = 0 }: SendOptions = {},
): Promise<Sent> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...delivery.headers, 'content-length': String(delivery.body.byteLength) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      const problem = `no answer within ${timeoutMs / 1000} s`;
      resolve({ ok: false, ms: elapsed(), problem, timedOut: true });
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ok: false, ms: elapsed(), problem: error.code ?? error.message, timedOut: false });
    });
    request.on('response', (answer) => {
      clearTimeout(timer);
      const ms = elapsed();
      const status = answer.statusCode ?? 0;
      const sent = { ok: status >= 200 && status < 300, status, ms };
      if (excerptBytes === 0) {
        // The status is the answer; the body is drained so the socket is let go.
        answer.resume();
        return resolve(sent);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      // A body that trickles in is read no longer than its status line was waited for.
      const reading = setTimeout(() => answer.destroy(), timeoutMs);
      const done = () => {
        clearTimeout(reading);
        const text = Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8');
        resolve(text ? { ...sent, excerpt: text } : sent);
      };
      answer.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        // Enough to show: the rest of a large answer is not read.
        if (size >= excerptBytes) answer.destroy();
      });
      // A body cut off, by the receiver or by the bound, is shown as far as it came: an error on
      // the way is followed by 'close'.
      answer.on('error', () => undefined);
      answer.on('close', done);
    });
    request.end(delivery.body);
  });
}
