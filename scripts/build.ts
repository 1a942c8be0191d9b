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
  ['dist', async () => (await import('./build/dist.ts')).compileDist()],
];

/**
 * What the steps before `dist` build generated/ from: a change to any of them builds it again.
 * All of src/, since the build imports from it; the lock file, for the tools' versions.
 */
const CONTRACT_INPUTS = [
  'openapi',
  'schemas',
  'redocly.yaml',
  'scripts/build',
  'scripts/build.ts',
  'src',
  'package-lock.json',
];

/**
 * Runs every step, printing each one's time; stops at the first failure. The steps that write
 * generated/ are skipped when nothing they read changed since they last ran here (a second
 * `npm start` need not build the contract again), as `dist` is; `--force` runs them all the same.
 */
export async function build(
  log: (line: string) => void = console.log,
  force = process.argv.includes('--force'),
): Promise<void> {
  const started = performance.now();
  const { builtFrom, inputsHash, recordBuilt } = await import('./build/inputs-hash.ts');
  const digest = await inputsHash(CONTRACT_INPUTS);
  const upToDate = !force && (await builtFrom('contract', digest, 'generated/versions.json'));
  if (upToDate) log('build: generated/ is up to date with its sources (--force builds it again)');
  for (const [name, step] of BUILD_STEPS) {
    if (upToDate && name !== 'dist') continue;
    const stepStarted = performance.now();
    await step();
    log(`build:${name} ${Math.round(performance.now() - stepStarted)} ms`);
  }
  if (!upToDate) await recordBuilt('contract', digest);
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

/** The step `npm run build[:<step>] [-- --force]` names: the first argument that is no flag. */
export function stepNameOf(args: readonly string[]): string | undefined {
  return args.find((arg) => !arg.startsWith('--'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stepName = stepNameOf(process.argv.slice(2));
  (stepName ? buildStep(stepName) : build()).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
