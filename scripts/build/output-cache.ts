import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/** A digest of everything an output is built from: its tool's version and its inputs. */
export function cacheKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part}\0`);
  return hash.digest('hex');
}

/** Where a cache keeps its outputs, and how many of the most recently used it keeps. */
export interface OutputCache {
  dir: string;
  /** Each change of the inputs builds a new output: an unbounded cache would grow with each. */
  kept: number;
}

/** What a copy in progress is named: never taken for an output, nor counted against the bound. */
const PARTIAL = '.partial-';

/**
 * Writes the output of `key` (a file or a directory) to `output`: copied from the cache when it
 * was built from the same inputs before, else built by `build` (into `output`) and kept. Used for
 * what takes seconds of CPU to build and seldom changes (a Redoc page, the compiled dist/). Kept
 * by a rename, so builds running side by side never read an output half written.
 */
export async function cachedOutput(
  key: string,
  output: string,
  build: () => Promise<void>,
  { dir, kept }: OutputCache,
): Promise<void> {
  const cached = join(dir, key);
  if (await copyFrom(cached, output)) return touch(cached);
  await build();
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `${PARTIAL}${randomUUID()}`);
  await cp(output, partial, { recursive: true });
  // Another build of the same inputs may have kept its copy first: the same bytes, so ours goes.
  await rename(partial, cached).catch(() => rm(partial, { recursive: true, force: true }));
  await prune(dir, kept);
}

/**
 * Copies a kept output over `output`; false when there is none, or when it went while being copied
 * (another build pruned it): the output is then built.
 */
async function copyFrom(cached: string, output: string): Promise<boolean> {
  if (!(await stat(cached).catch(() => undefined))) return false;
  await rm(output, { recursive: true, force: true });
  return cp(cached, output, { recursive: true }).then(
    () => true,
    () => false,
  );
}

/** Marked as used, so the pruning keeps it over outputs no build asks for any more. */
function touch(path: string): Promise<void> {
  const now = new Date();
  return utimes(path, now, now).catch(() => undefined);
}

/** Removes all but the `kept` most recently used outputs. */
async function prune(dir: string, kept: number): Promise<void> {
  const paths = (await readdir(dir)).filter((n) => !n.startsWith(PARTIAL)).map((n) => join(dir, n));
  if (paths.length <= kept) return;
  const used = await Promise.all(
    paths.map(async (path) => ({
      path,
      at: (await stat(path).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  const stale = used.sort((a, b) => b.at - a.at).slice(kept);
  await Promise.all(stale.map(({ path }) => rm(path, { recursive: true, force: true })));
}
