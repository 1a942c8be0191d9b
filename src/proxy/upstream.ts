import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** An upstream answer as read: status, headers as sent, and its bytes (still encoded). */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  raw: Buffer;
}

// Hop-by-hop headers, and the length, which the proxy sets for the body it sends on.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** What fetch gave as its own headers timeout: an upstream that never answers frees its slot. */
const IDLE_MS = 300_000;

/**
 * The implementation behind the proxy, over kept-alive connections (node:http, not fetch: the
 * proxy passes bytes on and needs no web streams, and per request that is most of its own cost).
 */
export function createUpstream(base: string, maxInFlight: number) {
  const secure = base.startsWith('https:');
  const agent = new (secure ? HttpsAgent : HttpAgent)({ keepAlive: true, maxSockets: maxInFlight });
  const send = secure ? httpsRequest : httpRequest;
  return {
    /**
     * The request as the client sent it, less the hop-by-hop headers, and its answer read up to
     * `limit` bytes: undefined past that, the connection dropped there. A redirect is passed back.
     */
    forward(req: IncomingMessage, raw: Buffer, limit: number): Promise<UpstreamAnswer | undefined> {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
      const hasBody = raw.length > 0 && req.method !== 'GET' && req.method !== 'HEAD';
      if (hasBody) headers['content-length'] = String(raw.length);
      return new Promise((resolve, reject) => {
        const out = send(`${base}${req.url ?? '/'}`, { method: req.method, headers, agent });
        out.setTimeout(IDLE_MS, () => out.destroy(new Error(`no answer in ${IDLE_MS} ms`)));
        out.on('error', reject);
        out.on('response', (answer) =>
          readCapped(answer, limit).then(
            (bytes) =>
              resolve(
                bytes && { status: answer.statusCode ?? 502, headers: answer.headers, raw: bytes },
              ),
            reject,
          ),
        );
        out.end(hasBody ? raw : undefined);
      });
    },
    close: () => agent.destroy(),
  };
}

/** The answer's headers to pass on: all but the hop-by-hop ones. */
export function passedHeaders(answer: UpstreamAnswer): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * The answer's body as its content coding undoes it, to be judged (the client gets the bytes as
 * sent); at most `limit` bytes decoded, undefined when it cannot be.
 */
export function decodedAnswer(answer: UpstreamAnswer, limit: number): Buffer | undefined {
  const coding = String(answer.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  const options = { maxOutputLength: limit };
  try {
    if (coding === 'identity' || answer.raw.length === 0) return answer.raw;
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(answer.raw, options);
    if (coding === 'deflate') return inflateSync(answer.raw, options);
    if (coding === 'br') return brotliDecompressSync(answer.raw, options);
    return undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of an answer, or undefined once they pass `limit` (the stream is destroyed there). */
async function readCapped(answer: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(answer.headers['content-length'] ?? 0);
  if (declared > limit) return void answer.destroy();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return void answer.destroy();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
