import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpAnswer } from '../../src/http-answer.ts';
import { writeJson } from '../../src/http/http-io.ts';

/**
 * An answer as a server writes it: every header it is sent with. A rewrite may give `raw`, the
 * exact JSON text to send instead of `body` as `writeJson` writes it (other indentation, key order
 * or escapes).
 */
export type WrittenAnswer = HttpAnswer & { headers: Record<string, string>; raw?: string };

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Head = { status: number; headers: Record<string, string> };

/**
 * `handler` with every answer it writes whole (a head, then the body in one `end`, as `writeJson`
 * does) passed through `rewrite` before it goes out. A JSON body is decoded for `rewrite`, others
 * are text; an answer that streams (a `write` after its head) goes out untouched.
 */
export function rewritingAnswers(
  handler: NodeHandler,
  rewrite: (answer: WrittenAnswer, req: IncomingMessage) => WrittenAnswer,
): NodeHandler {
  return (req, res) => {
    holdAnswers(res, (answer) => rewrite(answer, req));
    return handler(req, res);
  };
}

function holdAnswers(res: ServerResponse, rewrite: (answer: WrittenAnswer) => WrittenAnswer) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let head: Head | undefined;
  const restore = () => Object.assign(res, original);
  const release = () => {
    restore();
    if (head) res.writeHead(head.status, head.headers);
  };
  res.writeHead = ((status: number, headers?: unknown) => {
    if (typeof headers === 'string' || Array.isArray(headers)) {
      restore();
      return res.writeHead(status, headers as never);
    }
    head = { status, headers: { ...(headers as Record<string, string> | undefined) } };
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((...args: Parameters<ServerResponse['write']>) => {
    release();
    return res.write(...args);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!head || typeof chunk === 'function') {
      release();
      return res.end(chunk as never, ...(rest as never[]));
    }
    const { status, headers, body, raw } = rewrite(decoded(head, chunk));
    restore();
    if (raw === undefined) writeJson(res, status, headers ?? {}, body);
    else
      res
        .writeHead(status, {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
        })
        .end(raw);
    return res;
  }) as ServerResponse['end'];
}

/**
 * The answer as its writer meant it: `writeJson` adds `content-type: application/json` to JSON
 * text.
 */
function decoded({ status, headers }: Head, chunk: unknown): WrittenAnswer {
  const text = chunk === undefined ? '' : Buffer.from(chunk as string | Uint8Array).toString();
  if (headers['content-type'] !== 'application/json')
    return { status, headers, body: text === '' ? undefined : text };
  const { 'content-type': _json, ...rest } = headers;
  return { status, headers: rest, body: text === '' ? undefined : JSON.parse(text) };
}
