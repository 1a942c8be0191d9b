import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the request had arrived in full. */
  receivedAt: number;
}

export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Answer only after this long, to play a slow receiver. */
  delayMs?: number;
  /** Close the connection without answering, to play a transport failure. */
  destroy?: boolean;
}

/**
 * A loopback HTTP server that records every request and answers with whatever `answer` says.
 * Bound to 127.0.0.1 on a free port; `close` stops it, answers still waiting included.
 */
export async function startRecordingServer(answer: (request: RecordedRequest) => CannedAnswer) {
  const requests: RecordedRequest[] = [];
  const waiting = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: performance.now(),
      };
      requests.push(request);
      const { status, headers = {}, body: payload, delayMs = 0, destroy = false } = answer(request);
      const text = payload === undefined ? '' : JSON.stringify(payload);
      const send = () => {
        if (destroy) return void req.socket.destroy();
        if (!res.destroyed)
          res
            .writeHead(status, {
              ...(text ? { 'content-type': 'application/json' } : {}),
              ...headers,
            })
            .end(text);
      };
      if (delayMs === 0) return send();
      const timer = setTimeout(() => (waiting.delete(timer), send()), delayMs);
      waiting.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of waiting) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
