import {
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
  createServer,
  request,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server on 127.0.0.1, port 0, that counts the bytes it read from each connection. */
export interface Served {
  url: string;
  /** Bytes read from the connection of each answered request, in order. */
  bytesRead: number[];
  close(): Promise<void>;
}

export async function serve(listener: RequestListener): Promise<Served> {
  const bytesRead: number[] = [];
  const server = createServer((req, res) => {
    const before = req.socket.bytesRead;
    res.on('close', () => bytesRead.push(req.socket.bytesRead - before));
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    bytesRead,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fetch handler behind Node's `http`, as a server framework runs one: the request body is a
 * stream read on demand, and cancelling it stops reading without dropping the connection, so an
 * answer given early still reaches the sender (then the connection is closed).
 */
export function fetchListener(handler: (request: Request) => Promise<Response>): RequestListener {
  return (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const init = {
      method: req.method,
      headers,
      body: hasBody ? bodyStream(req) : undefined,
      duplex: 'half',
    } as RequestInit;
    void handler(new Request(`http://127.0.0.1${req.url ?? '/'}`, init)).then((response) =>
      answer(req, res, response),
    );
  };
}

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => !done && ((done = true), controller.close()));
      req.on('error', (error) => !done && ((done = true), controller.error(error)));
    },
    pull: () => void req.resume(),
    cancel: () => {
      done = true;
      req.pause();
    },
  });
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  // A body not read in full is not read at all: the connection goes instead.
  if (!req.complete) headers.connection = 'close';
  res.writeHead(response.status, headers).end(body);
}

export interface Sent {
  status: number;
  body: any;
  /** Body bytes written before the answer came or the connection closed. */
  sent: number;
}

export interface Post {
  headers?: Record<string, string>;
  /** A body sent at once. */
  body?: string;
  /** A body of `total` bytes sent in 64 KiB chunks, with a Content-Length or chunked. */
  stream?: { total: number; withLength: boolean };
  method?: string;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** One request on its own connection; writing stops as soon as the answer arrives. */
export function post(
  url: string,
  { headers = {}, body, stream, method = 'POST' }: Post,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false });
    // A server that never answers fails the test rather than hanging it.
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, sent });
      });
    });
    // Once answered, a refused rest of the body is expected: the server closed the connection.
    req.on('error', (error) => !answered && reject(error));
    if (!stream) return void req.end(body);
    if (stream.withLength) req.setHeader('content-length', String(stream.total));
    const write = () => {
      while (!answered && sent < stream.total) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, stream.total - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

/** The largest growth of `process.memoryUsage()` fields while `run` runs, sampled every 5 ms. */
export async function peakGrowth<T>(
  run: () => Promise<T>,
): Promise<{ result: T; rss: number; arrayBuffers: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  const peak = { rss: 0, arrayBuffers: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss - base.rss);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers - base.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await run();
    sample();
    return { result, ...peak };
  } finally {
    clearInterval(timer);
  }
}
