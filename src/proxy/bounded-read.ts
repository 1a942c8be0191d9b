import type { IncomingMessage } from 'node:http';

/**
 * The bytes of a request, or undefined when they pass `limit`. Past the limit nothing more is
 * kept, but the rest is read to its end before this resolves: an answer sent while the client is
 * still uploading ends in a reset connection (EPIPE at the sender), and the client never sees it.
 */
export function readRequestCapped(
  req: IncomingMessage,
  limit: number,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) chunks = undefined;
      else chunks?.push(chunk);
    });
    req.once('end', () => resolve(chunks && Buffer.concat(chunks))).once('error', reject);
  });
}

/**
 * The bytes of a fetch body, or undefined once they pass `limit`: the stream is cancelled there,
 * so a huge answer costs at most `limit` bytes of memory.
 */
export async function readAnswerCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      await body.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
