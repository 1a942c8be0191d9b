import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';

/** Where the build keeps what it can reuse: a cache, never shipped or committed. */
export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'service-contract');
/** Where a step records the inputs it last built from. */
const STAMPS = CACHE_DIR;

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** An installed tool's version: a step built by another version of its tool builds again. */
export async function toolVersion(name: string): Promise<string> {
  const manifest = join(PROJECT_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * A digest of every file under `paths` (their names relative to the project and their bytes, in
 * sorted order) and of `extra` (a tool's version): equal digests mean the step has nothing new.
 */
export async function inputsHash(
  paths: readonly string[],
  extra: readonly string[] = [],
  root = PROJECT_ROOT,
) {
  const files = (await Promise.all(paths.map((p) => filesUnder(join(root, p))))).flat();
  const hash = createHash('sha256');
  for (const value of extra) hash.update(`${value}\0`);
  for (const file of files.map((f) => relative(root, f)).sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** One stamp per step and copy of the project: copies may share one node_modules (a symlink). */
const stampOf = (step: string) =>
  join(
    STAMPS,
    `${step}-${createHash('sha256').update(PROJECT_ROOT).digest('hex').slice(0, 12)}.inputs`,
  );

/** Whether `step` last built from inputs of this digest (and its output is still there). */
export async function builtFrom(step: string, digest: string, output: string): Promise<boolean> {
  const [stamp, present] = await Promise.all([
    readFile(stampOf(step), 'utf8').catch(() => ''),
    stat(join(PROJECT_ROOT, output)).then(
      () => true,
      () => false,
    ),
  ]);
  return present && stamp === digest;
}

/** Records that `step` built from inputs of this digest; written only once it succeeded. */
export async function recordBuilt(step: string, digest: string): Promise<void> {
  await mkdir(dirname(stampOf(step)), { recursive: true });
  await writeFile(stampOf(step), digest);
}
