import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../src/project-root.ts';

export const GENERATED_DIR = join(PROJECT_ROOT, 'generated');

/**
 * The build's steps, in the order they must run: each reads what the one before wrote. Each loads
 * its tools only when it runs: a step with nothing to do (dist/ up to date) then takes no time.
 */
export const BUILD_STEPS: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  ['registry', async () => (await import('./build/registry.ts')).generateRegistry(GENERATED_DIR)],
  ['lint', async () => (await import('./build/lint.ts')).lintDocuments()],
  ['bundle', async () => (await import('./build/bundle.ts')).bundleDocuments(GENERATED_DIR)],
  ['types', async () => (await import('./build/types.ts')).generateTypes(GENERATED_DIR)],
  [
    'validators',
    async () => (await import('./build/validators.ts')).generateValidators(GENERATED_DIR),
  ],
  ['schemas', async () => (await import('./build/schemas.ts')).generateSchemas(GENERATED_DIR)],
  ['typecheck', async () => (await import('./build/typecheck.ts')).typecheckGenerated()],
  ['dist', async () => (await import('./build/dist.ts')).compileDist()],
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
