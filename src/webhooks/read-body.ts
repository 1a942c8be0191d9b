import type { IncomingMessage } from 'node:http';

/**
 * A body read in full, or why not: over the limit (nothing of it kept), or cut off by the sender.
 */
export type ReadBody = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean };

const TOO_LARGE = Object.freeze({ ok: false, tooLarge: true }) as ReadBody;
const CUT_OFF = Object.freeze({ ok: false, tooLarge: false }) as ReadBody;

/**
 * Reads a Node request's body, counting as it goes: past `limit` bytes it stops reading, lets go
 * of what it has and says so, whatever `Content-Length` claimed. The caller answers and closes the
 * connection, so the rest is never read.
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: ReadBody) => {
      req.off('data', onData).off('end', onEnd).off('error', onCutOff).off('close', onCutOff);
      chunks = [];
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.pause();
      settle(TOO_LARGE);
    };
    const onEnd = () => settle({ ok: true, bytes: Buffer.concat(chunks, size) });
    const onCutOff = () => settle(CUT_OFF);
    req.on('data', onData).on('end', onEnd).on('error', onCutOff).on('close', onCutOff);
  });
}

/**
 * Reads a fetch body the same way: chunk by chunk with a running count, cancelling the stream
 * once past `limit`. An empty body (`null`) is zero bytes.
 */
export async function readFetchBody(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<ReadBody> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) {
        // Not awaited: a source may take its time to stop, and the answer does not depend on it.
        reader.cancel().catch(() => undefined);
        return TOO_LARGE;
      }
      chunks.push(next.value);
    }
  } catch {
    return CUT_OFF;
  }
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) };
}
