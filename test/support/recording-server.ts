import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A loopback HTTP server that records every request and answers with whatever `answer` says.
 * Bound to 127.0.0.1 on a free port; `close` stops it.
 */
export async function startRecordingServer(answer: (request: RecordedRequest) => CannedAnswer) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const { status, headers = {}, body: payload } = answer(request);
      const text = payload === undefined ? '' : JSON.stringify(payload);
      res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), ...headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
