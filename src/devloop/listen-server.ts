import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../http/listen.js';
import { DEFAULT_MAX_BODY_BYTES } from '../webhooks/options.js';
import { readNodeBody } from '../webhooks/read-body.js';
import type { WebhookVersion } from '../webhooks/versions.js';
import { ANSWER_EXCERPT_BYTES, answerExcerpt } from './answer-excerpt.js';
import { eventUrl } from './event-url.js';
import { formatReport } from './format-report.js';
import { forwardDelivery } from './forward-delivery.js';
import { type DeliveryReport, inspectDelivery } from './inspect-delivery.js';

export interface ListenerOptions {
  secret: string;
  version?: WebhookVersion;
  /** The app's URL; `{event}` in it stands for the event's name (empty when it is not known). */
  forwardTo?: string;
  /** Only these events are printed (all are answered). */
  events?: ReadonlySet<string>;
  /** NDJSON, one object per delivery, instead of readable blocks. */
  json: boolean;
  port: number;
  host: string;
  maxBodyBytes?: number;
  /** Connections open at once; more are closed as they come. */
  maxConnections?: number;
  /** Where each delivery's block or line goes. */
  print: (text: string) => void;
}

/**
 * A local receiver for development: verifies and validates each delivery, prints what it found,
 * and answers as the library's receiver would (204, 401 when the signature fails, 400 when the
 * payload or headers are wrong, 413 past the body limit), or with the answer of the app it
 * forwards to.
 */
export async function startListener(options: ListenerOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const budget = bodyBudget(MAX_BUFFERED_BYTES);
  const listener = await listen(
    async (req, res) => {
      if (req.method !== 'POST')
        return void res.writeHead(405, { allow: 'POST', connection: 'close' }).end();
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > maxBodyBytes) return tooLarge(res, maxBodyBytes);
      if (!budget.admit(req)) return busy(res);
      const read = await readNodeBody(req, maxBodyBytes);
      // The sender went away mid-body: there is no one to answer.
      if (!read.ok) return read.tooLarge ? tooLarge(res, maxBodyBytes) : void res.destroy();
      const receivedAt = new Date();
      const report = inspectDelivery(req.headers, read.bytes, req.url ?? '/', options);
      const status = await answer(req, res, read.bytes, report, options.forwardTo);
      if (shown(report, options.events)) options.print(render(report, receivedAt, status, options));
    },
    { port: options.port, host: options.host },
    'listen',
  );
  // Connections are held at most until their deadline (listen.ts), and the bodies they buffer share
  // one budget: their number is bounded all the same.
  listener.server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  return listener;
}

/**
 * Connections a listener keeps open at once unless told otherwise: enough that slow or idle
 * clients, cut at their deadline, leave room for deliveries.
 */
const MAX_CONNECTIONS = 2048;
/** Bytes of bodies all connections may buffer at once; past it a delivery is answered 503. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/**
 * Counts the bytes bodies in progress hold, over every connection: a request is admitted while
 * the count is under `max`, and its bytes are counted until it ends, whichever way.
 */
function bodyBudget(max: number) {
  let buffered = 0;
  return {
    admit(req: IncomingMessage): boolean {
      if (buffered >= max) return false;
      let held = 0;
      req.on('data', (chunk: Buffer) => {
        held += chunk.length;
        buffered += chunk.length;
      });
      req.once('close', () => (buffered -= held));
      return true;
    },
  };
}

/** 503 with Retry-After: the listener holds as many bodies as it may; the sender retries. */
function busy(res: ServerResponse): void {
  res.writeHead(503, { 'retry-after': '1', connection: 'close' }).end();
}

/**
 * The answer a delivery got: its status, why the gateway answered instead of the app (502, 504),
 * or the start of the app's body when it did not acknowledge, safe to print.
 */
interface Answered {
  status: number;
  problem?: string;
  excerpt?: string;
}

/** Writes the answer and says what it was; forwarded deliveries get the app's. */
async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  body: Uint8Array,
  report: DeliveryReport,
  forwardTo: string | undefined,
): Promise<Answered> {
  if (forwardTo) {
    // Checked when the listener started: with any name in place of {event} it is a URL.
    const to = eventUrl(forwardTo, report.event ?? '')!;
    const forwarded = await forwardDelivery(to, req.headers, body);
    res.writeHead(forwarded.status, forwarded.headers).end(forwarded.body);
    if (forwarded.problem) return { status: forwarded.status, problem: forwarded.problem };
    // DLV-01: an app that refuses says why in its answer's body; shown beside the status.
    const acknowledged = forwarded.status >= 200 && forwarded.status < 300;
    const text = forwarded.body?.subarray(0, ANSWER_EXCERPT_BYTES).toString('utf8');
    if (acknowledged || !text) return { status: forwarded.status };
    return { status: forwarded.status, excerpt: answerExcerpt(text) };
  }
  if (report.ok) {
    res.writeHead(204).end();
    return { status: 204 };
  }
  const status = report.signature === 'verified' ? 400 : 401;
  const first = report.diagnostics[0]!;
  res.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      error: report.signature === 'verified' ? 'invalid_payload' : report.signature,
      message: first.message,
      diagnostics: report.diagnostics,
    }),
  );
  return { status };
}

function shown(report: DeliveryReport, events: ReadonlySet<string> | undefined): boolean {
  if (!events) return true;
  if (report.event !== undefined) return events.has(report.event);
  return report.candidates?.some((event) => events.has(event)) ?? false;
}

function render(
  report: DeliveryReport,
  receivedAt: Date,
  answered: Answered,
  options: ListenerOptions,
): string {
  if (options.json)
    return JSON.stringify({ receivedAt: receivedAt.toISOString(), ...report, answer: answered });
  const via = options.forwardTo ? ' by the app' : '';
  const why = answered.problem ?? answered.excerpt;
  const problem = why ? `: ${why}` : '';
  return `${formatReport(report, receivedAt)}\n  answered ${answered.status}${via}${problem}\n`;
}

function tooLarge(res: ServerResponse, maxBodyBytes: number): void {
  res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(
    JSON.stringify({
      error: 'body_too_large',
      message: `the body is over ${maxBodyBytes} bytes`,
    }),
  );
}
