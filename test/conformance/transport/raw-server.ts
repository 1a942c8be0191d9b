import { type Server, type Socket, createServer } from 'node:net';

/**
 * What a raw server does with one request, by the connection it came on and its place there:
 * - `answer`: 200 with `ok`, the connection kept alive;
 * - `close-on-arrival`, `reset-on-arrival`: closes (FIN) or resets (RST) the connection at the
 *   request's first byte, as a server closing an idle connection just as the request is written;
 * - `reset-after-request`: resets once the whole request has arrived;
 * - `reset-after-head`: sends the status line of an answer, then resets;
 * - `silent`: never answers; `begin-only`: sends the head and part of the body, never the rest;
 * - `endless`: a chunked body that goes on until the client leaves.
 */
export type Act =
  | 'answer'
  | 'close-on-arrival'
  | 'reset-on-arrival'
  | 'reset-after-request'
  | 'reset-after-head'
  | 'silent'
  | 'begin-only'
  | 'endless';

/** A request as it arrived: on which connection (from 1), and its whole text. */
export interface Arrived {
  connection: number;
  text: string;
}

export interface RawServer {
  url: string;
  /** Every whole request that arrived. */
  arrived: Arrived[];
  /** How many connections were opened to it. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A plain TCP server on 127.0.0.1 that speaks just enough HTTP/1.1 to script a connection's fate
 * byte by byte, which no HTTP server lets a test do. `act` says what it does with each request.
 */
export async function startRawServer(
  act: (at: { connection: number; request: number }) => Act,
): Promise<RawServer> {
  const arrived: Arrived[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let request = 1;
    socket.on('data', (chunk) => {
      const what = act({ connection, request });
      if (buffer === '' && what === 'close-on-arrival') return void socket.destroy();
      if (buffer === '' && what === 'reset-on-arrival') return void socket.resetAndDestroy();
      buffer += chunk.toString('latin1');
      const whole = wholeRequest(buffer);
      if (whole === undefined) return;
      buffer = buffer.slice(whole.length);
      arrived.push({ connection, text: whole });
      request += 1;
      perform(what, socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    arrived,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function perform(what: Act, socket: Socket): void {
  if (what === 'answer') socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
  else if (what === 'reset-after-request') socket.resetAndDestroy();
  else if (what === 'reset-after-head') {
    socket.write('HTTP/1.1 200 OK\r\n');
    setTimeout(() => socket.resetAndDestroy(), 20);
  } else if (what === 'begin-only') socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nok');
  else if (what === 'endless') {
    socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const more = () => {
      while (!socket.destroyed && socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`));
    };
    socket.on('drain', more);
    more();
  }
}

/** The first whole request in `buffer` (its head and a Content-Length body), if it has arrived. */
function wholeRequest(buffer: string): string | undefined {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffer.slice(0, headEnd))?.[1] ?? 0);
  const end = headEnd + 4 + length;
  return buffer.length >= end ? buffer.slice(0, end) : undefined;
}
