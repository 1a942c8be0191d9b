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
