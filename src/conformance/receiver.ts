import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { HttpAnswer } from '../http-answer.js';

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

/**
 * The suite's delivery receiver: one loopback HTTP server, one path per hook, each hook recording
 * what arrives and answering as its responder says. Unknown paths get 410, so an implementation
 * that keeps sending to a removed hook is told the destination is gone.
 */
export async function startReceiver(host = '127.0.0.1') {
  const hooks = new Map<string, { hook: Hook; respond: Responder }>();
  const timers = new Set<NodeJS.Timeout>();
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = hooks.get(req.url ?? '');
      if (!entry) return void res.writeHead(410).end();
      const received: Received = {
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    /** A new path on the receiver, answered by `respond`. */
    hook(respond: Responder): Hook {
      const path = `/hook/${(next += 1)}`;
      const hook: Hook = { url: `${base}${path}`, received: [] };
      hooks.set(path, { hook, respond });
      return hook;
    },
    /** Stops recording `hook`: its path answers 410 from now on. */
    remove(hook: Hook): void {
      hooks.delete(new URL(hook.url).pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
