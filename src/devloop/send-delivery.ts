import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { SignedDelivery } from '../webhooks/signed-delivery.js';

/** How long a receiver has to answer 2xx before the attempt counts as failed (DLV-08). */
export const ANSWER_WITHIN_MS = 3000;

/** What came of one POST: the answer's status and how long it took, or why there was none. */
export type Sent =
  | { ok: boolean; status: number; ms: number }
  | { ok: false; status?: undefined; ms: number; problem: string };

/**
 * POSTs a delivery and waits at most `ANSWER_WITHIN_MS` for the answer: acknowledged (`ok`) only by
 * a 2xx within that time (DLV-01, DLV-08). Node's `http`, not fetch: fetch refuses ports on its
 * "bad ports" list, which a local receiver may well use. The answer's body is read and dropped.
 */
export function sendDelivery(url: URL, delivery: SignedDelivery): Promise<Sent> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...delivery.headers, 'content-length': String(delivery.body.byteLength) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve({
        ok: false,
        ms: elapsed(),
        problem: `no answer within ${ANSWER_WITHIN_MS / 1000} s`,
      });
    }, ANSWER_WITHIN_MS);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ok: false, ms: elapsed(), problem: error.code ?? error.message });
    });
    request.on('response', (answer) => {
      clearTimeout(timer);
      const ms = elapsed();
      const status = answer.statusCode ?? 0;
      // The status is the answer; the body is drained so the socket is let go.
      answer.resume();
      resolve({ ok: status >= 200 && status < 300, status, ms });
    });
    request.end(delivery.body);
  });
}
