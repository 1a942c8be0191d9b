import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostic.js';
import type { HttpAnswer } from '../http-answer.js';
import type { DedupeStore } from './dedupe.js';
import { memoryDedupeStore } from './dedupe.js';
import { type HeaderSource, type WebhookHeaders, readWebhookHeaders } from './headers.js';
import { DEFAULT_MAX_BODY_BYTES, assertReceiverOptions } from './options.js';
import { type ParsedWebhook, parseReadHeaders } from './parse.js';
import { readNodeBody } from './read-body.js';
import type { WebhookBody } from './sign.js';
import {
  type SigningKeys,
  type VerifyFailure,
  type VerifyRejection,
  bodyRejection,
  headerRejection,
  rejectionOf,
  signatureRejection,
  signingKeys,
} from './verify.js';
import type { WebhookVersion } from './versions.js';

export { DEFAULT_MAX_BODY_BYTES } from './options.js';

export interface ReceiverOptions<V extends WebhookVersion> {
  /** The app's signing secret, or several while rotating (AUTH-12). One is required. */
  secret?: string;
  secrets?: string[];
  /** The version of the subscription these deliveries come from (VER-14). */
  version: V;
  /** The event, where payloads do not name it (v0, the bare v1 baseline). */
  event?: string;
  /**
   * How far `webhook-timestamp` may be from now, both ways: finite, 0 or more. Default 300 seconds.
   */
  toleranceSeconds?: number;
  /** The largest body read, in bytes; a larger one is answered 413 and not kept. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Handle each `webhook-id` once (DLV-04): `true` for an in-memory store, or a store of your own.
   */
  dedupe?: boolean | DedupeStore;
  /** Called once per accepted delivery. Throwing answers 500, so the sender retries (DLV-06). */
  onDelivery: (delivery: ParsedWebhook<V>) => void | Promise<void>;
}

/**
 * The receiver's answer, before it is written to a transport: no body when accepted; else the
 * first problem's rule as `error` and its message, and on 400 and 401 every problem found.
 */
export type Answer = HttpAnswer<
  {
    error: VerifyFailure | 'invalid_payload' | 'body_too_large' | 'handler_failed';
    message: string;
    diagnostics?: Diagnostic[];
  },
  204 | 400 | 401 | 413 | 500
>;

/** A receiver split where a transport needs it: what the headers decide, then the rest. */
export interface Receiver {
  maxBodyBytes: number;
  /**
   * The answer the headers (and a declared length) already decide, before any body byte is read.
   */
  early(headers: WebhookHeaders, declaredLength: number | undefined): Answer | undefined;
  /** Verifies, parses and hands on a body read in full and within the limit. */
  receive(headers: WebhookHeaders, body: WebhookBody): Promise<Answer>;
}

/**
 * Verifies, parses and hands on one delivery, and says how to answer: 204 when accepted (any 2xx
 * acknowledges, DLV-01), 401 when the signature fails, 400 when the payload is invalid (a 4xx is
 * not retried, DLV-06: the same body would fail again), 413 when the body is over `maxBodyBytes`,
 * 500 when the handler throws (retried). Throws a TypeError naming the option when the options
 * cannot work (no usable secret, a tolerance or limit that is not a finite number, ...).
 */
export function createReceiver<V extends WebhookVersion>(
  options: ReceiverOptions<V>,
): (headers: HeaderSource, body: WebhookBody) => Promise<Answer> {
  const receiver = makeReceiver(options);
  return async (source, body) => {
    const headers = readWebhookHeaders(source);
    const unread = bodyRejection(body);
    // Raw bytes are needed for the signature; the headers are judged too, so all is said at once.
    if (unread)
      return unauthorized(
        rejectionOf([
          ...unread.diagnostics,
          ...(headerRejection(headers, options.toleranceSeconds)?.diagnostics ?? []),
        ])!,
      );
    return (
      receiver.early(
        headers,
        typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
      ) ?? receiver.receive(headers, body)
    );
  };
}

/**
 * A receiver for Node's `http`: `(req, res) => void`, reading the raw body itself, never more than
 * `maxBodyBytes` of it. An answer given before the body is read in full closes the connection,
 * so the rest of the body is neither read nor kept.
 */
export function createNodeReceiver<V extends WebhookVersion>(
  options: ReceiverOptions<V>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const receiver = makeReceiver(options);
  return (req, res) => {
    if (req.method !== 'POST')
      return void res.writeHead(405, { Allow: 'POST', Connection: 'close' }).end();
    const headers = readWebhookHeaders(req.headers);
    const early = receiver.early(headers, declaredLength(req.headers['content-length']));
    if (early) return writeAnswer(res, early, true);
    readNodeBody(req, receiver.maxBodyBytes)
      .then(async (body) => {
        if (body.ok) return writeAnswer(res, await receiver.receive(headers, body.bytes), false);
        // The sender went away mid-body: there is no one to answer.
        if (!body.tooLarge) return void res.destroy();
        writeAnswer(res, tooLarge(receiver.maxBodyBytes), true);
      })
      // Nothing here is meant to throw; if something does, the server answers and lives on.
      .catch(() => (res.headersSent ? res.destroy() : writeAnswer(res, HANDLER_FAILED, true)));
  };
}

export function makeReceiver<V extends WebhookVersion>(options: ReceiverOptions<V>): Receiver {
  assertReceiverOptions(options);
  // Checked above: the secrets parse, so these are keys.
  const keys = signingKeys(options) as SigningKeys;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const store = options.dedupe === true ? memoryDedupeStore() : options.dedupe || undefined;
  return {
    maxBodyBytes,
    early(headers, length) {
      const rejected = headerRejection(headers, options.toleranceSeconds);
      if (rejected) return unauthorized(rejected);
      return length !== undefined && length > maxBodyBytes ? tooLarge(maxBodyBytes) : undefined;
    },
    async receive(headers, body) {
      const rejected = signatureRejection(keys, headers, body);
      if (rejected) return unauthorized(rejected);
      return handle(options, store, headers, body);
    },
  };
}

/** Parses a verified delivery and hands it on once; the store and the handler may fail (500). */
async function handle<V extends WebhookVersion>(
  options: ReceiverOptions<V>,
  store: DedupeStore | undefined,
  headers: WebhookHeaders,
  body: WebhookBody,
): Promise<Answer> {
  // Verified, so the id is there.
  const id = headers['webhook-id']!;
  try {
    if (store && (await store.has(id))) return { status: 204 };
    const parsed = parseReadHeaders(
      { version: options.version, event: options.event, body },
      headers,
    );
    if (!parsed.ok)
      return {
        status: 400,
        body: {
          error: 'invalid_payload',
          message: parsed.diagnostics.map((d) => d.message).join('; '),
          diagnostics: parsed.diagnostics,
        },
      };
    await options.onDelivery(parsed as ParsedWebhook<V>);
    // Remembered only once handled: a delivery whose handler failed is handled again on retry.
    await store?.add(id);
    return { status: 204 };
  } catch {
    // The sender learns only that it should retry: the handler's error may name files or hosts.
    return HANDLER_FAILED;
  }
}

export const HANDLER_FAILED: Answer = {
  status: 500,
  body: {
    error: 'handler_failed',
    message: 'the delivery could not be handled; it may be retried',
  },
};
export const UNREADABLE: Answer = {
  status: 400,
  body: { error: 'invalid_body', message: 'the body could not be read in full' },
};

function unauthorized({ reason, message, diagnostics }: VerifyRejection): Answer {
  return { status: 401, body: { error: reason, message, diagnostics } };
}

export function tooLarge(maxBodyBytes: number): Answer {
  return {
    status: 413,
    body: { error: 'body_too_large', message: `the body is over ${maxBodyBytes} bytes` },
  };
}

/** `Content-Length` as a number when it is one; otherwise the body is counted as it is read. */
export function declaredLength(value: string | null | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function writeAnswer(res: ServerResponse, answer: Answer, close: boolean): void {
  const headers: Record<string, string> = close ? { connection: 'close' } : {};
  if (!answer.body) return void res.writeHead(answer.status, headers).end();
  res
    .writeHead(answer.status, { ...headers, 'content-type': 'application/json' })
    .end(JSON.stringify(answer.body));
}
