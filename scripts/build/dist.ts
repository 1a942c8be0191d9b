import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { runBin } from '../run-command.ts';
import { builtFrom, inputsHash, recordBuilt, toolVersion } from './inputs-hash.ts';

/** What dist/ is compiled from: a change to any of them compiles it again. */
const INPUTS = ['src', 'generated/types', 'tsconfig.json', 'tsconfig.build.json'];

/**
 * Compiles src/ and the generated types to dist/ (ESM, declarations, source maps): what the package
 * ships. Skipped when nothing it is compiled from changed since it last compiled (`npm ci` compiles
 * it, then `npm start` and `npm test` need not again); `--force` compiles all the same. The compile
 * does not type-check (`--noCheck`, half of tsc's time): `check:types` does, in `npm test` and
 * before a pack (`prepack`), so a clone, a start and each copy the tests build pay for it once.
 */
export async function compileDist(force = process.argv.includes('--force')): Promise<void> {
  const digest = await inputsHash(INPUTS, [`typescript ${await toolVersion('typescript')}`]);
  if (!force && (await builtFrom('dist', digest, 'dist/src/index.js'))) return;
  // Start clean so a removed module leaves no stale file in the package.
  await rm(join(PROJECT_ROOT, 'dist'), { recursive: true, force: true });
  const result = await runBin('tsc', ['-p', 'tsconfig.build.json', '--noCheck']);
  // noEmitOnError (tsconfig.build.json): a syntax error leaves no dist/ to test or ship.
  if (result.code !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${result.output}`);
  await recordBuilt('dist', digest);
}
