import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HttpAnswer } from '../http-answer.js';
import { ANSWER_WITHIN_MS } from './send-delivery.js';

/** The largest answer of the app passed back: an acknowledgement needs no body at all. */
export const MAX_FORWARD_ANSWER_BYTES = 1024 * 1024;

/** Headers that describe one connection, not the message: never passed on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** The app's answer, or the gateway's own when the app gave none (502, 504). */
export type Forwarded = HttpAnswer<Buffer> & { headers: Record<string, string>; problem?: string };

/**
 * Passes a delivery on to the user's app: the exact body bytes and every header but the
 * connection's own, so the app verifies the signature as it would the service's delivery. Waits
 * as long as the service would (DLV-08) and reads at most MAX_FORWARD_ANSWER_BYTES of the answer.
 */
export function forwardDelivery(
  to: URL,
  headers: IncomingHttpHeaders,
  body: Uint8Array,
): Promise<Forwarded> {
  return new Promise((resolve) => {
    const request = (to.protocol === 'https:' ? httpsRequest : httpRequest)(to, {
      method: 'POST',
      headers: { ...passOn(headers), 'content-length': String(body.byteLength) },
      timeout: ANSWER_WITHIN_MS,
    });
    const fail = (status: number, problem: string) => {
      request.destroy();
      resolve({ status, headers: {}, body: Buffer.from(`${problem}\n`), problem });
    };
    request.on('timeout', () =>
      fail(504, `${to.origin} gave no answer within ${ANSWER_WITHIN_MS / 1000} s`),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      fail(502, `${to.origin} could not be reached: ${error.code ?? error.message}`),
    );
    request.on('response', (answer) =>
      readAnswer(answer).then(
        (bytes) =>
          bytes
            ? resolve({
                status: answer.statusCode ?? 502,
                headers: passOn(answer.headers),
                body: bytes,
              })
            : fail(502, `the answer of ${to.origin} is over ${MAX_FORWARD_ANSWER_BYTES} bytes`),
        () => fail(502, `the answer of ${to.origin} was cut off`),
      ),
    );
    request.end(body);
  });
}

function passOn(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/** The answer's body, or undefined once it is over the limit. */
async function readAnswer(answer: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORWARD_ANSWER_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
