import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../http/listen.js';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import {
  type LoadedDocument,
  sharedDocumentsByVersion,
} from '../validation/documents-by-version.js';
import { judgeAnswer } from '../validation/judge-answer.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';
import { type UpstreamAnswer, createUpstream, decodedAnswer, passedHeaders } from './upstream.js';
import { type ReadBody, readBody } from '../http/http-io.js';
import { redactText } from '../redact.js';
import { requestTarget } from '../http/request-target.js';
import { type Refusal, type RequestJudgement, judgeRequest } from './judge-request.js';

/**
 * The header the proxy adds when an answer differs from its document: the answer's diagnostics as
 * a JSON list (`rule`, `severity`, `message`, `location`), cut short past about 8 KiB.
 */
export const VIOLATIONS_HEADER = 'Service-Contract-Violations';
/**
 * The header the proxy adds when the request differs from its document, in the same format: the
 * request's diagnostics, apart from the answer's, whether it was forwarded or refused.
 */
export const REQUEST_VIOLATIONS_HEADER = 'Service-Contract-Request-Violations';
const MAX_HEADER_LENGTH = 8 * 1024 - 100;
const TOO_MANY_RULE = 'more_violations';
/**
 * Defaults of the bounds: together they cap the proxy's memory at about
 * maxReading x request + maxInFlight x (request + answer). Bodies still arriving hold a reading
 * slot, not an in-flight one, and only until their deadline (listen.ts): slow clients cannot take
 * the slots of requests being judged and forwarded.
 */
const PROXY_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxAnswerBytes: 8 * 1024 * 1024,
  maxInFlight: 64,
  maxReading: 256,
} as const;

export interface ProxyOptions {
  upstream: string;
  port?: number;
  host?: string;
  /** Where the log lines of requests and answers that break the contract go; stderr by default. */
  log?: (line: string) => void;
  /** The largest request body forwarded (1 MiB, the servers' own cap); larger ones get 413. */
  maxBodyBytes?: number;
  /** The largest upstream answer passed on (8 MiB); a larger one is cut off and answered 502. */
  maxAnswerBytes?: number;
  /** Requests judged and forwarded at once (64); past that the proxy answers 503 with Retry-After. */
  maxInFlight?: number;
  /** Request bodies being read at once (256); past that the proxy answers 503 with Retry-After. */
  maxReading?: number;
  /**
   * Answer a request that breaks a rule as the spec does (its 4xx and error body) instead of
   * forwarding it; by default it is forwarded and only reported.
   */
  rejectInvalid?: boolean;
  /** Hosts whose URLs count as service-hosted avatars (VER-12), beside the service's own paths. */
  avatarHosts?: string[];
}

/**
 * Judges every request against the document of the version it resolves (the front's rules, as
 * far as a proxy can know them), forwards it to a real implementation (or, with `rejectInvalid`,
 * answers a request that breaks a rule as the spec does), and checks each answer against the
 * document of the version it names (`Service-Version`, VER-03; else the request's). Differences go
 * to one response header per side and a log line; the answer is otherwise unchanged.
 */
export async function startProxy(options: ProxyOptions) {
  const limits = proxyLimits(options);
  const proxy: Proxy = {
    ...limits,
    registry: loadVersionRegistry(),
    documents: sharedDocumentsByVersion(),
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
    upstream: createUpstream(options.upstream.replace(/\/+$/, ''), limits.maxInFlight),
    rejectInvalid: options.rejectInvalid ?? false,
    avatarHosts: options.avatarHosts ?? [],
  };
  const busy = () => ({ 'retry-after': '1', connection: 'close' });
  let reading = 0;
  let inFlight = 0;
  // An upstream that fails is the proxy's 502, not a crash; binding goes through the shared
  // listen, so a busy port is a PortUnavailableError rather than an unhandled 'error' event.
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    // Bounded concurrency, in two stages: bodies arriving (each up to maxBodyBytes, each within
    // the request deadline), then requests judged and forwarded (a body and an answer each).
    if (reading >= limits.maxReading) return refuse(res, 503, 'proxy_busy', busy());
    reading += 1;
    const read = await readBody(req, limits.maxBodyBytes).finally(() => (reading -= 1));
    if ('aborted' in read) return;
    if (inFlight >= limits.maxInFlight) return refuse(res, 503, 'proxy_busy', busy());
    inFlight += 1;
    await handle(proxy, req, res, read)
      .catch((error: Error) => {
        proxy.log(`proxy: upstream ${options.upstream} failed: ${error.message}`);
        if (!res.headersSent) refuse(res, 502, 'upstream_failed');
      })
      .finally(() => (inFlight -= 1));
  };
  const { url, close } = await listen(forward, options, 'proxy');
  return { url, close: () => (proxy.upstream.close(), close()) };
}

/**
 * The request target as a log line shows it: credentials in its query (`access_token`, `code`,
 * ...) replaced, unless SERVICE_CONTRACT_SHOW_SECRETS=1 asks for them (local debugging).
 */
function shown(req: IncomingMessage): string {
  const target = req.url ?? '';
  return process.env.SERVICE_CONTRACT_SHOW_SECRETS === '1' ? target : redactText(target);
}

/** What every forwarded request shares. */
interface Proxy extends ReturnType<typeof proxyLimits> {
  registry: VersionRegistry;
  documents: ReadonlyMap<string, LoadedDocument>;
  log: (line: string) => void;
  upstream: ReturnType<typeof createUpstream>;
  rejectInvalid: boolean;
  avatarHosts: string[];
}

/** One request: read, forwarded, its answer read (bounded), judged and passed back. */
async function handle(
  proxy: Proxy,
  req: IncomingMessage,
  res: ServerResponse,
  // Read first, as the front does, so no answer races a client still uploading.
  read: ReadBody,
): Promise<void> {
  const { log, maxBodyBytes, maxAnswerBytes } = proxy;
  const url = requestTarget(req.url);
  // A request-target that is no origin-form path (`\\`, `//host`) names nothing upstream could
  // serve.
  if (!url) return refuse(res, 400, 'invalid_request');
  if (!read.ok) {
    log(`proxy: refused ${req.method} ${shown(req)}: body over ${maxBodyBytes} bytes`);
    return refuse(res, 413, 'request_too_large', { connection: 'close' });
  }
  const asked = judgeRequest(proxy, req, url, read.raw);
  const out: Record<string, string> = {};
  if (asked.refusal) {
    out[REQUEST_VIOLATIONS_HEADER] = violationsHeader(asked.findings);
    logRequest(proxy, req, asked);
    if (proxy.rejectInvalid) return answerRefusal(res, asked.refusal, out);
  }
  const answer = await proxy.upstream.forward(req, read.raw, maxAnswerBytes);
  if (!answer) {
    log(`proxy: upstream answer to ${req.method} ${shown(req)} is over ${maxAnswerBytes} bytes`);
    return refuse(res, 502, 'upstream_too_large');
  }
  // VER-03: the version the answer names judges it; else the one the request resolved to, else
  // the baseline.
  const version = asked.version ?? proxy.registry.baseline;
  const method = req.method ?? 'GET';
  const judged = { path: url.pathname, method, version };
  const diagnostics = judgeUpstream(proxy.documents, judged, answer, maxAnswerBytes);
  const headers = { ...passedHeaders(answer), ...out };
  if (diagnostics.length) {
    headers[VIOLATIONS_HEADER] = violationsHeader(diagnostics);
    const found = diagnostics.map(describe).join('; ');
    log(`violation ${req.method} ${shown(req)} ${answer.status}: ${found}`);
  }
  res.writeHead(answer.status, headers).end(answer.raw);
}

/**
 * The log line of a request that breaks a rule: the status the spec gives it, whether it was
 * refused or forwarded, then every finding.
 */
function logRequest(proxy: Proxy, req: IncomingMessage, asked: RequestJudgement): void {
  const fate = proxy.rejectInvalid ? 'rejected' : 'forwarded';
  const found = asked.findings.map(describe).join('; ');
  proxy.log(
    `request-violation ${req.method} ${shown(req)} ${asked.refusal!.status} ${fate}: ${found}`,
  );
}

/** `--reject-invalid`: the spec's own answer to the request, which is not forwarded. */
function answerRefusal(res: ServerResponse, refusal: Refusal, headers: Record<string, string>) {
  res
    .writeHead(refusal.status, {
      ...refusal.headers,
      ...headers,
      'content-type': 'application/json',
    })
    .end(JSON.stringify(refusal.body));
}

/** The proxy's own answer: `{ ok: false, error }` in JSON. */
function refuse(
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ ok: false, error }));
}

/** The bounds, defaults filled in; a bound that is not a positive whole number is a TypeError. */
function proxyLimits(
  options: ProxyOptions,
): Required<Pick<ProxyOptions, keyof typeof PROXY_LIMITS>> {
  const limits = { ...PROXY_LIMITS, ...options };
  for (const name of Object.keys(PROXY_LIMITS) as Array<keyof typeof PROXY_LIMITS>) {
    const value = limits[name];
    if (!Number.isSafeInteger(value) || value < 1)
      throw new TypeError(`${name} must be a positive whole number, not ${value}`);
  }
  return limits;
}

/** Every way the upstream's answer differs from its document; a JSON type with no JSON is one. */
function judgeUpstream(
  documents: ReadonlyMap<string, LoadedDocument>,
  { path, method, version }: { path: string; method: string; version: string },
  answer: UpstreamAnswer,
  limit: number,
): Diagnostic[] {
  const raw = decodedAnswer(answer, limit);
  if (!raw) {
    const message = `the body cannot be decoded as ${answer.headers['content-encoding']}`;
    return [diagnostic('content_encoding', message, { location: 'header Content-Encoding' })];
  }
  // One value per name, as a judge reads them (a repeated header is joined, as fetch does).
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  let body: unknown = raw.toString('utf8');
  if (headers['content-type']?.includes('json') && raw.length) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      const message = 'the body is not JSON although its content type says so';
      return [diagnostic('body', message, { location: 'body' })];
    }
  }
  return judgeAnswer(documents, { path, method, status: answer.status, headers, body }, version);
}

/** One diagnostic in the log line: where, then what (`body/webhooks: must be array`). */
function describe(diagnostic: Diagnostic): string {
  return diagnostic.location ? `${diagnostic.location}: ${diagnostic.message}` : diagnostic.message;
}

/**
 * The diagnostics as a JSON list that stays JSON and under ~8 KiB (Node refuses a response head
 * over 16 KiB): whole diagnostics while they fit, then one saying how many more the log line
 * carries.
 */
function violationsHeader(diagnostics: Diagnostic[]): string {
  const more = (count: number) =>
    diagnostic(TOO_MANY_RULE, `${count} more in the proxy's log`, { severity: 'warning' });
  const kept: Diagnostic[] = [];
  for (const [index, found] of diagnostics.entries()) {
    const rest = diagnostics.length - index - 1;
    const candidate = rest ? [...kept, found, more(rest)] : [...kept, found];
    if (JSON.stringify(candidate).length > MAX_HEADER_LENGTH)
      return JSON.stringify([...kept, more(rest + 1)]);
    kept.push(found);
  }
  return JSON.stringify(kept);
}
