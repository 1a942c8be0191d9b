import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo, type Server, createServer as createNetServer } from 'node:net';
import { writeJson } from './http-io.js';

/** The bind errors a user fixes by picking another port, and how each reads. */
const PORT_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'is in use',
  EACCES: 'needs privileges this user lacks',
};

/**
 * A port that cannot be bound (EADDRINUSE, EACCES), with where: each caller names its own option.
 */
export class PortUnavailableError extends Error {
  constructor(
    readonly code: string,
    readonly host: string,
    readonly port: number,
  ) {
    super(`port ${port} on ${host} ${PORT_PROBLEMS[code]}`);
    this.name = 'PortUnavailableError';
  }
}

/**
 * A rejection handler that turns PortUnavailableError into the one line a user reads, naming the
 * option that picks another port; other errors pass unchanged.
 */
export function explainPort(flag: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof PortUnavailableError)
      throw new Error(`${error.message}: choose another with ${flag} <n>`);
    throw error;
  };
}

/**
 * Binds `server`; without an 'error' listener a busy port would crash the process with a stack
 * trace.
 */
function bind(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) =>
      reject(
        Object.hasOwn(PORT_PROBLEMS, error.code ?? '')
          ? new PortUnavailableError(error.code!, host, port)
          : error,
      );
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/**
 * Binds host:port and keeps it until the returned function releases it; rejects as `listen` does.
 */
export async function holdPort(port: number, host = '127.0.0.1'): Promise<() => Promise<void>> {
  const server = createNetServer();
  await bind(server, port, host);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Checks that host:port can be bound (bind, then release), before slow work that would need it. */
export async function probePort(port: number, host = '127.0.0.1'): Promise<void> {
  await (
    await holdPort(port, host)
  )();
}

/**
 * How long a request may take to arrive, in milliseconds: its head, and the whole of it with its
 * body. Past either, the server answers 408 and closes the connection, so slow or idle clients
 * cannot hold its capacity (SECURITY.md). `SERVICE_CONTRACT_HEADERS_TIMEOUT_MS` and
 * `SERVICE_CONTRACT_REQUEST_TIMEOUT_MS` change them for a process.
 */
const DEADLINES = { headersMs: 10_000, requestMs: 30_000 } as const;

/** How often the server looks for requests past their deadline: a deadline is kept within this. */
const DEADLINE_CHECK_MS = 500;

/** A deadline from the environment, where it names a whole number of milliseconds; else `fallback`. */
function deadlineOf(name: string, fallback: number): number {
  const value = process.env[name];
  return value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0
    ? Number(value)
    : fallback;
}

/** The deadlines a server of this process keeps. */
function deadlines(): { headersMs: number; requestMs: number } {
  const requestMs = deadlineOf('SERVICE_CONTRACT_REQUEST_TIMEOUT_MS', DEADLINES.requestMs);
  // Node requires the head's deadline to be no longer than the whole request's.
  const headersMs = Math.min(
    requestMs,
    deadlineOf('SERVICE_CONTRACT_HEADERS_TIMEOUT_MS', DEADLINES.headersMs),
  );
  return { headersMs, requestMs };
}

/**
 * Serves a handler on loopback, answering 500 in the spec's shape if it ever throws, and 408 to a
 * request that does not arrive within its deadlines (DEADLINES). A port that cannot be bound
 * rejects with PortUnavailableError.
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  options: { port?: number; host?: string },
  name: string,
) {
  const { headersMs, requestMs } = deadlines();
  const timing = {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, headersMs),
  };
  const server = createServer(timing, (req, res) => {
    handler(req, res).catch((error: unknown) => {
      // A crash would be a defect: answer 500 in the spec's shape and keep serving.
      console.error(failureLine(name, req, error));
      if (!res.headersSent) writeJson(res, 500, {}, { ok: false, error: 'internal_error' });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await bind(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Long-lived streams (the reference server's ephemeral stream) would hold close() open.
      server.closeAllConnections();
    });
  return { url: `http://${host}:${port}`, server, close };
}

/**
 * The log line of a handler that threw: what failed, without the stack trace and the file paths
 * in it, which tell an attacker reading shared logs about the install. SERVICE_CONTRACT_DEBUG=1
 * adds the stack for whoever runs the server.
 */
export function failureLine(name: string, req: IncomingMessage, error: unknown): string {
  const path = (req.url ?? '').split('?')[0];
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack =
    process.env.SERVICE_CONTRACT_DEBUG && error instanceof Error ? `\n${error.stack}` : '';
  return `${name}: ${req.method} ${path} failed (${what})${stack}`;
}
