import type { IncomingMessage } from 'node:http';
import type { HttpAnswer } from '../../http-answer.js';
import { ANSWER_TOO_LARGE } from './transport-error.js';

/** The most of an answer's body the suite reads: more is no answer it can judge. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * An answer as the checks read it: its headers by lower-case name (repeated ones joined with `, `
 * as fetch joins them), and its body parsed where it is JSON, the text where it is not, nothing
 * where it is empty. `set-cookie`, whose values commas cannot join (a cookie's `Expires` has one),
 * holds one cookie a line. A body over MAX_ANSWER_BYTES is refused, naming the bound.
 */
export async function readAnswer(
  answer: IncomingMessage,
  signal?: AbortSignal,
): Promise<HttpAnswer<any>> {
  const text = await readText(answer, signal);
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the shape check reports it where the document wants JSON.
  }
  return { status: answer.statusCode ?? 0, headers: headersOf(answer.rawHeaders), body };
}

function headersOf(raw: string[]): Record<string, string> {
  // Each repeated value is appended in place, not copied with the others: the implementation
  // under test decides how often a header repeats.
  const headers = new Map<string, string[]>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const values = headers.get(name);
    if (values) values.push(raw[i + 1]!);
    else headers.set(name, [raw[i + 1]!]);
  }
  return Object.fromEntries(
    [...headers].map(([name, values]) => [name, values.join(name === 'set-cookie' ? '\n' : ', ')]),
  );
}

/** The body as text (UTF-8, a byte-order mark dropped, as fetch's `text()`), read to its end. */
async function readText(answer: IncomingMessage, signal?: AbortSignal): Promise<string> {
  const abort = () => answer.destroy(signal!.reason);
  signal?.addEventListener('abort', abort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        answer.destroy();
        throw Object.assign(
          new Error(
            `the answer's body is over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, the most the suite reads`,
          ),
          { code: ANSWER_TOO_LARGE },
        );
      }
      chunks.push(chunk);
    }
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
