import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { runPackageScript } from '../run-command.ts';
import { CACHE_DIR, builtFrom, inputsHash, recordBuilt, toolVersion } from './inputs-hash.ts';
import { cachedOutput } from './output-cache.ts';

/** What dist/ is compiled from: a change to any of them compiles it again. */
const INPUTS = ['src', 'generated/types', 'tsconfig.json', 'tsconfig.build.json'];
/**
 * TypeScript's native compiler (7), which compiles and checks in about a fifth of the CPU of
 * TypeScript 5's. `typescript` stays at 5 for the tools that use its API (openapi-typescript,
 * knip, dependency-cruiser) and for the app the package tests install into (what users run).
 */
const TSC = { package: 'typescript-7', bin: 'typescript-7/bin/tsc' };

/**
 * Compiled dist/ trees by the digest of their inputs: a copy of the project that shares this
 * node_modules (a fresh clone's prepare, a build from the sources alone) copies the tree compiled
 * from the same inputs rather than compiling it again. About 8 MB each; a few are kept.
 */
const COMPILED = { dir: join(CACHE_DIR, 'dist'), kept: 4 };

/**
 * Compiles src/ and the generated types to dist/ (ESM, declarations, source maps): what the package
 * ships. Skipped when nothing it is compiled from changed since it last compiled (`npm ci` compiles
 * it, then `npm start` and `npm test` need not again); `--force` compiles all the same. The compile
 * does not type-check (`--noCheck`, half of tsc's time): `check:types` does, in `npm test` and
 * before a pack (`prepack`), so a clone, a start and each copy the tests build pay for it once.
 */
export async function compileDist(force = process.argv.includes('--force')): Promise<void> {
  const digest = await inputsHash(INPUTS, [`typescript ${await toolVersion(TSC.package)}`]);
  if (!force && (await builtFrom('dist', digest, 'dist/src/index.js'))) return;
  const dist = join(PROJECT_ROOT, 'dist');
  await (force ? compile(dist) : cachedOutput(digest, dist, () => compile(dist), COMPILED));
  await recordBuilt('dist', digest);
}

async function compile(dist: string): Promise<void> {
  // Start clean so a removed module leaves no stale file in the package.
  await rm(dist, { recursive: true, force: true });
  const result = await runPackageScript(TSC.bin, ['-p', 'tsconfig.build.json', '--noCheck']);
  // noEmitOnError (tsconfig.build.json): a syntax error leaves no dist/ to test or ship.
  if (result.code !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${result.output}`);
}
