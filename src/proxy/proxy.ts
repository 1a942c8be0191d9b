import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../http/listen.js';
import { type ResponseDiagnostic, checkResponse } from '../validation/check-response.js';
import { loadDocumentsByVersion } from '../validation/documents-by-version.js';
import { loadVersionRegistry } from '../versions.js';
import { readBody } from '../http/http-io.js';

/** The header the proxy adds when an answer differs from its document. */
export const VIOLATIONS_HEADER = 'Service-Contract-Violations';
const MAX_HEADER_LENGTH = 8 * 1024 - 100;
/** The largest request body forwarded; a larger one is refused rather than cut. */
const MAX_FORWARDED_BYTES = 64 * 1024 * 1024;
// Hop-by-hop headers, and those that stop being true once fetch has decoded the body.
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'host']);

export interface ProxyOptions {
  upstream: string;
  port?: number;
  host?: string;
  /** Where the log line of each checked answer goes; stderr by default. */
  log?: (line: string) => void;
}

/**
 * Forwards every request to a real implementation and checks each answer against the document of
 * the version it names (`Service-Version`, VER-03; the request's header or the baseline when it
 * names none). Differences go to a response header and a log line; the answer is otherwise unchanged.
 */
export async function startProxy(options: ProxyOptions) {
  const registry = loadVersionRegistry();
  const documents = loadDocumentsByVersion();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const upstream = options.upstream.replace(/\/+$/, '');

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const read = await readBody(req, MAX_FORWARDED_BYTES);
    if (!read.ok) {
      log(`proxy: refused ${req.method} ${req.url}: body over ${MAX_FORWARDED_BYTES} bytes`);
      res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'request_too_large' }));
      return;
    }
    const headers = Object.entries(req.headers).filter(([name]) => !DROPPED.has(name)).map(([name, value]) => [name, String(value)] as [string, string]);
    const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: read.raw.length && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(read.raw) : undefined,
      redirect: 'manual',
    });
    const raw = Buffer.from(await answer.arrayBuffer());
    const path = new URL(req.url ?? '/', 'http://proxy.invalid').pathname;
    const key = path.startsWith('/v0/') ? 'v0' : path.startsWith('/v1/') ? answer.headers.get('service-version') ?? req.headers['service-version']?.toString() ?? registry.baseline : 'auth';
    const diagnostics = check(key, path, req.method ?? 'GET', answer, raw);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!DROPPED.has(name)) out[name] = value;
    });
    if (diagnostics.length) {
      const value = JSON.stringify(diagnostics);
      out[VIOLATIONS_HEADER] = value.length > MAX_HEADER_LENGTH ? `${value.slice(0, MAX_HEADER_LENGTH)}...` : value;
      log(`violation ${req.method} ${req.url} ${answer.status}: ${diagnostics.map((d) => `${d.location}: ${d.message}`).join('; ')}`);
    }
    res.writeHead(answer.status, out).end(raw);
  };

  const check = (key: string, path: string, method: string, answer: Response, raw: Buffer): ResponseDiagnostic[] => {
    const loaded = documents.get(key);
    if (!loaded) return [{ rule: 'undocumented_operation', message: `no document for version "${key}"`, location: 'header Service-Version' }];
    const documentPath = key === 'auth' ? path : path.slice(3);
    let body: unknown = raw.toString('utf8');
    if (answer.headers.get('content-type')?.includes('json') && raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return [{ rule: 'body', message: 'the body is not JSON although its content type says so', location: 'body' }];
      }
    }
    return checkResponse(loaded.document, loaded.validator, { path: documentPath, method, status: answer.status, headers: answer.headers, body });
  };

  // An upstream that fails is the proxy's 502, not a crash; binding goes through the shared
  // listen, so a busy port is a PortUnavailableError rather than an unhandled 'error' event.
  const forward = (req: IncomingMessage, res: ServerResponse) => handle(req, res).catch((error: Error) => {
    log(`proxy: upstream ${upstream} failed: ${error.message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'upstream_failed' }));
  });
  const { url, close } = await listen(forward, options, 'proxy');
  return { url, close };
}
