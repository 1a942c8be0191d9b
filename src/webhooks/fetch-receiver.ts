import { readWebhookHeaders } from './headers.js';
import { readFetchBody } from './read-body.js';
import {
  type Answer,
  HANDLER_FAILED,
  type ReceiverOptions,
  UNREADABLE,
  declaredLength,
  makeReceiver,
  tooLarge,
} from './receiver.js';
import type { WebhookVersion } from './versions.js';

/**
 * A receiver over the Fetch API, `(request: Request) => Promise<Response>`, for runtimes and
 * frameworks built on it (Hono, Next.js route handlers, Deno, Bun, workers). It takes the options
 * of `createNodeReceiver` and answers the same way: 204 accepted, 401 not verified, 400 invalid,
 * 413 over `maxBodyBytes` (counted as the body streams in, whatever `Content-Length` says), 500
 * when `onDelivery` throws, 405 to other methods. The promise always resolves to a Response: a
 * body that cannot be read (already consumed, cut off) is a 400, anything unforeseen a 500, so a
 * sender is never left without an answer (DLV-01, DLV-06). Throws a TypeError, when made, naming
 * an option that cannot work.
 */
export function createFetchReceiver<V extends WebhookVersion>(
  options: ReceiverOptions<V>,
): (request: Request) => Promise<Response> {
  const receiver = makeReceiver(options);
  return async (request) => {
    try {
      if (request.method !== 'POST')
        return new Response(null, { status: 405, headers: { Allow: 'POST' } });
      const headers = readWebhookHeaders(request.headers);
      const early = receiver.early(headers, declaredLength(request.headers.get('content-length')));
      if (early) return toResponse(early);
      // A body another middleware already read cannot be read again: nothing to verify.
      if (request.bodyUsed) return toResponse(UNREADABLE);
      const body = await readFetchBody(request.body, receiver.maxBodyBytes);
      if (!body.ok) return toResponse(body.tooLarge ? tooLarge(receiver.maxBodyBytes) : UNREADABLE);
      return toResponse(await receiver.receive(headers, body.bytes));
    } catch {
      // Nothing above is meant to throw (a locked stream, a request object of another realm):
      // the sender gets a retryable answer and no detail of the error.
      return toResponse(HANDLER_FAILED);
    }
  };
}

function toResponse(answer: Answer): Response {
  return answer.body
    ? Response.json(answer.body, { status: answer.status })
    : new Response(null, { status: answer.status });
}
