import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR } from '../build/inputs-hash.ts';

/** Rendered reference pages by the digest of what they were rendered from. */
const PAGES = join(CACHE_DIR, 'docs');

/** A digest of everything a page is rendered from: the renderer's version and its inputs. */
export function pageKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part}\0`);
  return hash.digest('hex');
}

/**
 * Writes the page of `key` to `output`: copied from the cache when it was rendered from the same
 * inputs before, else rendered by `render` (into `output`) and kept. A Redoc page takes seconds of
 * CPU to render and the docs are built by every `npm start`, while their inputs seldom change.
 * Kept by a rename, so builds running side by side never read a page half written.
 */
export async function cachedPage(
  key: string,
  output: string,
  render: () => Promise<void>,
  dir = PAGES,
): Promise<void> {
  const cached = join(dir, `${key}.html`);
  const hit = await copyFile(cached, output).then(
    () => true,
    () => false,
  );
  if (hit) return;
  await render();
  await mkdir(dir, { recursive: true });
  const partial = `${cached}.${randomUUID()}`;
  await copyFile(output, partial);
  await rename(partial, cached);
}
