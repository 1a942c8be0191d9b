import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { runBin } from '../run-command.ts';

/**
 * Compiles src/ and the generated types to dist/ (ESM, declarations, source maps): what the package
 * ships.
 */
export async function compileDist(): Promise<void> {
  // Start clean so a removed module leaves no stale file in the package.
  await rm(join(PROJECT_ROOT, 'dist'), { recursive: true, force: true });
  const result = await runBin('tsc', ['-p', 'tsconfig.build.json']);
  if (result.code !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${result.output}`);
}
