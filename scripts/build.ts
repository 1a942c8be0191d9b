import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../src/project-root.ts';
import { bundleDocuments } from './build/bundle.ts';
import { lintDocuments } from './build/lint.ts';
import { typecheckGenerated } from './build/typecheck.ts';
import { generateTypes } from './build/types.ts';
import { compileDist } from './build/dist.ts';
import { generateRegistry } from './build/registry.ts';
import { generateSchemas } from './build/schemas.ts';
import { generateValidators } from './build/validators.ts';

export const GENERATED_DIR = join(PROJECT_ROOT, 'generated');

/** The build's steps, in the order they must run: each reads what the one before wrote. */
export const BUILD_STEPS: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  ['registry', () => generateRegistry(GENERATED_DIR)],
  ['lint', lintDocuments],
  ['bundle', () => bundleDocuments(GENERATED_DIR)],
  ['types', () => generateTypes(GENERATED_DIR)],
  ['validators', () => generateValidators(GENERATED_DIR)],
  ['schemas', () => generateSchemas(GENERATED_DIR)],
  ['typecheck', typecheckGenerated],
  ['dist', compileDist],
];

/** Runs every step, printing each one's time; stops at the first failure. */
export async function build(log: (line: string) => void = console.log): Promise<void> {
  const started = performance.now();
  for (const [name, step] of BUILD_STEPS) {
    const stepStarted = performance.now();
    await step();
    log(`build:${name} ${Math.round(performance.now() - stepStarted)} ms`);
  }
  log(`build ${Math.round(performance.now() - started)} ms`);
}

/** Runs one named step, for the `build:<step>` scripts. */
export async function buildStep(name: string): Promise<void> {
  const step = BUILD_STEPS.find(([stepName]) => stepName === name);
  if (!step)
    throw new Error(
      `unknown build step "${name}"; steps: ${BUILD_STEPS.map(([n]) => n).join(', ')}`,
    );
  await step[1]();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stepName = process.argv[2];
  (stepName ? buildStep(stepName) : build()).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
