import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DedupeStore } from './dedupe.js';
import { memoryDedupeStore } from './dedupe.js';
import { type HeaderSource, readWebhookHeaders } from './headers.js';
import { type ParsedWebhook, type WebhookDiagnostic, parseReadHeaders } from './parse.js';
import { type VerifyFailure, rejection } from './verify.js';
import type { WebhookVersion } from './versions.js';

export interface ReceiverOptions<V extends WebhookVersion> {
  /** The app's signing secret, or several while rotating (AUTH-12). */
  secret?: string;
  secrets?: string[];
  /** The version of the subscription these deliveries come from (VER-14). */
  version: V;
  /** The event, where payloads do not name it (v0, the bare v1 baseline). */
  event?: string;
  toleranceSeconds?: number;
  /** Handle each `webhook-id` once (DLV-04): `true` for an in-memory store, or a store of your own. */
  dedupe?: boolean | DedupeStore;
  /** Called once per accepted delivery. Throwing answers 500, so the sender retries (DLV-06). */
  onDelivery: (delivery: ParsedWebhook<V>) => void | Promise<void>;
}

/** The receiver's answer, before it is written to a transport. */
export interface ReceiverAnswer {
  status: 204 | 400 | 401 | 500;
  body?: { error: VerifyFailure | 'invalid_payload' | 'handler_failed'; message: string; diagnostics?: WebhookDiagnostic[] };
}

/**
 * Verifies, parses and hands on one delivery, and says how to answer: 204 when accepted (any 2xx
 * acknowledges, DLV-01), 401 when the signature fails, 400 when the payload is invalid (a 4xx is
 * not retried, DLV-06: the same body would fail again), 500 when the handler throws (retried).
 */
export function createReceiver<V extends WebhookVersion>(options: ReceiverOptions<V>): (headers: HeaderSource, body: Uint8Array) => Promise<ReceiverAnswer> {
  const store = options.dedupe === true ? memoryDedupeStore() : options.dedupe || undefined;
  return async (source, body) => {
    const headers = readWebhookHeaders(source);
    const rejected = rejection({ secret: options.secret, secrets: options.secrets, body, toleranceSeconds: options.toleranceSeconds }, headers);
    if (rejected) return { status: 401, body: { error: rejected.reason, message: rejected.message } };
    // Verified, so the id is there.
    const id = headers['webhook-id']!;
    if (store && (await store.has(id))) return { status: 204 };
    const parsed = parseReadHeaders({ version: options.version, event: options.event, body }, headers);
    if (!parsed.ok) return { status: 400, body: { error: 'invalid_payload', message: parsed.diagnostics.map((d) => d.message).join('; '), diagnostics: parsed.diagnostics } };
    try {
      await options.onDelivery(parsed as ParsedWebhook<V>);
    } catch (error) {
      return { status: 500, body: { error: 'handler_failed', message: error instanceof Error ? error.message : String(error) } };
    }
    // Remembered only once handled: a delivery whose handler failed is handled again on retry.
    await store?.add(id);
    return { status: 204 };
  };
}

/** A receiver for the fetch API: `(request: Request) => Promise<Response>`. */
export function createFetchReceiver<V extends WebhookVersion>(options: ReceiverOptions<V>): (request: Request) => Promise<Response> {
  const receive = createReceiver(options);
  return async (request) => {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    const answer = await receive(request.headers, new Uint8Array(await request.arrayBuffer()));
    return answer.body ? Response.json(answer.body, { status: answer.status }) : new Response(null, { status: answer.status });
  };
}

/** A receiver for Node's `http`: `(req, res) => void`, reading the raw body itself. */
export function createNodeReceiver<V extends WebhookVersion>(options: ReceiverOptions<V>): (req: IncomingMessage, res: ServerResponse) => void {
  const receive = createReceiver(options);
  return (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receive(req.headers, Buffer.concat(chunks)).then((answer) => {
        if (!answer.body) return void res.writeHead(answer.status).end();
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
  };
}
