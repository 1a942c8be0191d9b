import type { IncomingMessage, ServerResponse } from 'node:http';

/** Bodies larger than this are refused before they are read in full. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type ReadBody = { ok: true; raw: Buffer } | { ok: false; tooLarge: true };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? { ok: false, tooLarge: true } : { ok: true, raw: Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}

/** The media type of a request, without parameters such as `charset`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** The body as its media type says: JSON, a form, or nothing. `undefined` when it cannot be read. */
export function decodeBody(raw: Buffer, mediaType: string | undefined): { value: unknown } | undefined {
  if (raw.length === 0) return { value: undefined };
  if (mediaType === 'application/x-www-form-urlencoded') return { value: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) };
  if (mediaType !== 'application/json') return { value: raw.toString('utf8') };
  try {
    return { value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return undefined;
  }
}

export function writeJson(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  const text = body === undefined || status === 204 ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = headers['content-type'] ?? (text ? 'application/json' : undefined);
  res.writeHead(status, { ...headers, ...(type ? { 'content-type': type } : {}) }).end(text);
}
