import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type RequestListener, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { HttpAnswer } from '../../http-answer.js';
import { readNodeBody } from '../../webhooks/read-body.js';
import { type Callback, callbackBase } from './callback.js';

/** One delivery attempt as the receiver saw it. */
export interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** `performance.now()` when the request had arrived in full. */
  receivedAt: number;
}

/**
 * How the receiver answers one attempt, as a check scripts it: an HTTP answer without a body (an
 * attempt is acknowledged or failed by its status alone, DLV-01, DLV-06), maybe late or never.
 */
export interface ScriptedAnswer extends Omit<HttpAnswer, 'body'> {
  /** Answer only after this long (DLV-08 plays a slow receiver). */
  delayMs?: number;
  /** Drop the connection without answering (a transport failure). */
  drop?: boolean;
}

/** `index` counts the attempts this hook has received, from 0. */
export type Responder = (request: Received, index: number) => ScriptedAnswer;

export interface Hook {
  url: string;
  received: Received[];
}

/** The largest delivery body the receiver reads; a larger one is answered 413 and dropped. */
export const MAX_RECEIVED_BYTES = 1024 * 1024;
/** The most attempts one hook records: it may be reachable from other hosts. */
export const MAX_RECEIVED_PER_HOOK = 1000;
/**
 * How long a request may take to arrive in full: a receiver reachable from other hosts must not
 * be held open by slow clients. Answers a check delays (DLV-08) are not bounded by it.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long an idle connection is kept: longer than the implementation keeps it (undici 4 s, Go
 * 90 s), so it is always the implementation that closes one. A receiver that closed first would
 * race an attempt sent on the connection as it closed: the attempt fails as a transport error
 * that the suite itself caused (a lost last attempt, a retry nobody asked for). Node's 5 s
 * default did, under load.
 */
const KEEP_ALIVE_MS = 10 * 60_000;
/** The most connections held at once, idle ones included: it may be reachable from other hosts. */
const MAX_CONNECTIONS = 2048;

const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
/** Node's answers to a request it could not read, by the error's code (else 400). */
const CLIENT_ERROR_ANSWERS = new Map([
  [
    'HPE_HEADER_OVERFLOW',
    'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  ],
  ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n'],
]);

/**
 * The hook path a request names: the end of its path, so a tunnel or proxy that keeps a prefix of
 * the callback URL (`https://lb.example/suite/hook/3f2a9c01-3`) and one that strips it both find
 * the hook.
 */
function hookPath(url: string): string | undefined {
  return /(\/hook\/[0-9a-f]{8}-\d+)$/.exec(url.split('?')[0] ?? '')?.[1];
}

/**
 * The suite's delivery receiver: one HTTP server (HTTPS with `callback.tls`), one path per hook,
 * each hook recording what arrives and answering as its responder says. Unknown paths get 410, so
 * an implementation that keeps sending to a removed hook is told the destination is gone. It binds
 * `callback.host:port` (127.0.0.1 and a random port by default); hooks are named below
 * `callback.url` where the implementation reaches it at another address (callback.ts).
 */
export async function startReceiver(callback: Callback = {}) {
  const hooks = new Map<string, { hook: Hook; respond: Responder }>();
  const timers = new Set<NodeJS.Timeout>();
  // When connections were lost before their request was read (losses).
  const lostAt: number[] = [];
  // TLS handshakes that failed, when and why: an implementation that does not trust the
  // certificate of --callback-cert delivers nothing, and only the receiver can see why.
  const handshakes: Array<{ at: number; error: string }> = [];
  // Hook paths are this receiver's own: on a fixed port or callback URL, a later receiver (the
  // generated phase's, the next run's) must not take retries of an earlier one's hooks as its own.
  const instance = randomBytes(4).toString('hex');
  let next = 0;
  const listener: RequestListener = async (req, res) => {
    const read = await readNodeBody(req, MAX_RECEIVED_BYTES);
    if (!read.ok) {
      if (read.tooLarge && !res.headersSent) res.writeHead(413, { connection: 'close' }).end();
      return void req.destroy();
    }
    const path = hookPath(req.url ?? '');
    const entry = path === undefined ? undefined : hooks.get(path);
    // Past the bound a hook is gone: no check waits for that many attempts.
    if (!entry || entry.hook.received.length >= MAX_RECEIVED_PER_HOOK)
      return void res.writeHead(410).end();
    const received: Received = {
      method: req.method ?? '',
      headers: req.headers,
      body: Buffer.from(read.bytes).toString('utf8'),
      receivedAt: performance.now(),
    };
    const answer = entry.respond(received, entry.hook.received.length);
    entry.hook.received.push(received);
    const send = () => {
      if (answer.drop) return void req.socket.destroy();
      if (!res.destroyed) res.writeHead(answer.status, answer.headers ?? {}).end();
    };
    if (!answer.delayMs) return send();
    const timer = setTimeout(() => (timers.delete(timer), send()), answer.delayMs);
    timers.add(timer);
  };
  const options = {
    requestTimeout: REQUEST_TIMEOUT_MS,
    headersTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
  };
  const server = callback.tls
    ? createHttpsServer({ ...options, cert: callback.tls.cert, key: callback.tls.key }, listener)
    : createServer(options, listener);
  server.maxConnections = MAX_CONNECTIONS;
  // A connection reset before its request was read is an attempt the suite may have lost: on a
  // busy machine the receiver can take seconds to accept one, and the implementation gives up on it
  // meanwhile (DLV-08). Node answers other client errors itself.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Only one that sent something: an idle connection the implementation reset is no attempt.
    if ((error.code === 'ECONNRESET' || error.code === 'EPIPE') && socket.bytesRead > 0) {
      lostAt.push(performance.now());
      if (lostAt.length > MAX_RECEIVED_PER_HOOK) lostAt.shift();
    } else if (socket.writable && socket.bytesWritten === 0)
      // What Node answers when no listener is set.
      socket.write(CLIENT_ERROR_ANSWERS.get(error.code ?? '') ?? BAD_REQUEST);
    socket.destroy();
  });
  server.on('tlsClientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Only a sender that began a handshake: a probe that connects and closes sent nothing. Node
    // exposes the bytes the TLS socket read only on the plain socket beneath it.
    const beneath = (socket as Socket & { _parent?: Socket })._parent;
    if ((beneath?.bytesRead ?? 1) > 0) {
      handshakes.push({ at: performance.now(), error: handshakeError(error) });
      if (handshakes.length > MAX_RECEIVED_PER_HOOK) handshakes.shift();
    }
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(callback.port ?? 0, callback.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = callbackBase(callback, port);
  return {
    /** The port it bound (a random one unless `callback.port` named it). */
    port,
    /** A new path on the receiver, answered by `respond`. */
    hook(respond: Responder): Hook {
      const path = `/hook/${instance}-${(next += 1)}`;
      const hook: Hook = { url: `${base}${path}`, received: [] };
      hooks.set(path, { hook, respond });
      return hook;
    },
    /**
     * How many connections were lost since `from` (a `performance.now()`): reset by the
     * implementation before the receiver read their request, so attempts may have been missed.
     */
    lostSince(from: number): number {
      return lostAt.filter((at) => at >= from).length;
    },
    /**
     * The TLS handshakes that failed since `from` (a `performance.now()`), each error in a few
     * words: a sender that does not trust the receiver's certificate ends them.
     */
    handshakesFailedSince(from: number): string[] {
      return handshakes.filter((h) => h.at >= from).map((h) => h.error);
    },
    /** Stops recording `hook`: its path answers 410 from now on. */
    remove(hook: Hook): void {
      const path = hookPath(new URL(hook.url).pathname);
      if (path !== undefined) hooks.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How a failed handshake reads when the sender spoke plain HTTP to the HTTPS receiver. */
export const PLAIN_HTTP = 'plain HTTP, not TLS';

/**
 * A failed handshake's error in a few words, bounded, since the peer's bytes may be anything. A
 * sender that does not trust the certificate either sends an alert (`alert unknown ca`, Go, curl)
 * or just closes the connection (Node's clients, undici).
 */
function handshakeError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ERR_SSL_HTTP_REQUEST') return PLAIN_HTTP;
  if (error.code === 'ECONNRESET') return 'the sender closed the connection mid-handshake';
  const alert = /alert ([a-z ]+)/i.exec(error.message)?.[1]?.trim();
  return (alert ? `alert ${alert}` : (error.code ?? error.message)).slice(0, 120);
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
