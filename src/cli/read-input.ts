import { readFile } from 'node:fs/promises';
import { UsageError } from './exit-codes.js';

/** The bytes of a file, or of standard input for `-`; an unreadable file is a usage error. */
export async function readInput(path: string): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${path}: ${error.code ?? error.message}`);
  });
}
