import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR } from '../build/inputs-hash.ts';

/** Rendered reference pages by the digest of what they were rendered from. */
const PAGES = join(CACHE_DIR, 'docs');

/**
 * Pages kept at most, the most recently used: a page is about 2.6 MB and each edit of a document
 * renders a new one, so an unbounded cache would grow with every edit. Three sites' worth.
 */
const KEPT_PAGES = 24;

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
  kept = KEPT_PAGES,
): Promise<void> {
  const cached = join(dir, `${key}.html`);
  const hit = await copyFile(cached, output).then(
    () => true,
    () => false,
  );
  // Marked as used, so the pruning below keeps it over pages no build asks for any more.
  if (hit) return touch(cached);
  await render();
  await mkdir(dir, { recursive: true });
  const partial = `${cached}.${randomUUID()}`;
  await copyFile(output, partial);
  await rename(partial, cached);
  await prune(dir, kept);
}

function touch(path: string): Promise<void> {
  const now = new Date();
  return utimes(path, now, now).catch(() => undefined);
}

/** Removes all but the `kept` most recently used pages. */
async function prune(dir: string, kept: number): Promise<void> {
  const paths = (await readdir(dir)).filter((n) => n.endsWith('.html')).map((n) => join(dir, n));
  if (paths.length <= kept) return;
  const used = await Promise.all(
    paths.map(async (path) => ({
      path,
      at: (await stat(path).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  const stale = used.sort((a, b) => b.at - a.at).slice(kept);
  await Promise.all(stale.map(({ path }) => rm(path, { force: true })));
}
