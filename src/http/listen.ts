import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeJson } from './http-io.ts';

/** Serves a handler on loopback, answering 500 in the spec's shape if it ever throws. */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, options: { port?: number; host?: string }, name: string) {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: Error) => {
      // A crash would be a defect: answer 500 in the spec's shape and keep serving.
      console.error(`${name}: ${error.stack ?? error.message}`);
      if (!res.headersSent) writeJson(res, 500, {}, { error: 'internal_error' });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Long-lived streams (the reference server's ephemeral stream) would hold close() open.
    server.closeAllConnections();
  });
  return { url: `http://${host}:${port}`, server, close };
}
