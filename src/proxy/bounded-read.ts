import type { IncomingMessage } from 'node:http';

/**
 * The bytes of a request, or undefined once they pass `limit`. Past the limit the rest is read
 * and dropped as it comes, never kept: senders such as fetch read an early answer only once their
 * upload is through, and a connection cut mid-upload would leave them with an error, not the 413.
 */
export function readRequestCapped(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).resume();
      resolve(undefined);
    };
    req.on('data', onData).once('end', () => resolve(Buffer.concat(chunks))).once('error', reject);
  });
}

/**
 * The bytes of a fetch body, or undefined once they pass `limit`: the stream is cancelled there,
 * so a huge answer costs at most `limit` bytes of memory.
 */
export async function readAnswerCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | undefined> {
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
