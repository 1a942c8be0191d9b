import type { IncomingMessage, ServerResponse } from 'node:http';

/** Bodies larger than this are refused before they are read in full. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type ReadBody =
  { ok: true; raw: Buffer } | { ok: false; tooLarge: true } | { ok: false; aborted: true };

/**
 * The bytes of a request, or `tooLarge` once they pass `limit`. Past the limit nothing is kept,
 * but the rest is read to its end before this resolves: an answer sent while the client is still
 * uploading ends in a reset connection (EPIPE at the sender), and the client never sees it.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () =>
      resolve(
        size > limit ? { ok: false, tooLarge: true } : { ok: true, raw: Buffer.concat(chunks) },
      ),
    );
    // The client went, or its deadline passed (listen.ts answered 408 and closed): nothing to
    // answer, nothing kept.
    req.on('close', () => {
      if (!req.complete) resolve({ ok: false, aborted: true });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve({ ok: false, aborted: true }) : reject(error),
    );
  });
}

/** The media type of a request, without parameters such as `charset`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The deepest nesting a JSON body may have. Every body the spec shows nests a few levels (the event
 * trigger's payloads about six); parsers and everything that walks a parsed value (validation,
 * `JSON.stringify` into the store) recurse, so a body of thousands of `[` would overflow the stack.
 * Deeper bodies are refused as malformed, before they are parsed.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The body as its media type says: JSON, a form, or nothing. `undefined` when it cannot be read:
 * JSON that does not parse or nests deeper than MAX_JSON_DEPTH, or a form that repeats a field.
 */
export function decodeBody(
  raw: Buffer,
  mediaType: string | undefined,
): { value: unknown } | undefined {
  if (raw.length === 0) return { value: undefined };
  const text = raw.toString('utf8');
  if (mediaType === 'application/x-www-form-urlencoded') {
    const fields = formFields(new URLSearchParams(text));
    return fields && { value: fields };
  }
  if (mediaType !== 'application/json') return { value: text };
  if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * A form's fields, in an object without a prototype: field names come from outside, and a name
 * such as `constructor` or `toString` must not find `Object.prototype`'s members. A repeated field
 * is refused (undefined) rather than resolved by order: RFC 6749 (3.1, 3.2) says parameters must
 * not be sent more than once, and no form of the spec takes a list.
 */
export function formFields(params: URLSearchParams): Record<string, string> | undefined {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of params) {
    if (Object.hasOwn(fields, name)) return undefined;
    fields[name] = value;
  }
  return fields;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * How deeply JSON text nests arrays and objects, read from the raw text without parsing it, so a
 * hostile body costs one pass and no recursion. Brackets inside strings do not count.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) deepest = Math.max(deepest, (depth += 1));
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return deepest;
}

export function writeJson(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): void {
  const text =
    body === undefined || status === 204
      ? ''
      : typeof body === 'string'
        ? body
        : JSON.stringify(body);
  const type = headers['content-type'] ?? (text ? 'application/json' : undefined);
  res.writeHead(status, { ...headers, ...(type ? { 'content-type': type } : {}) }).end(text);
}
