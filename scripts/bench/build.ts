import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { listOperations } from '../../src/openapi/operations.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import {
  EXAMPLE_SUFFIX,
  SCHEMAS_DIR,
  listFiles,
  loadSchemaFiles,
} from '../../scripts/build/schema-files.ts';
import { loadExampleFiles } from '../build/example-files.ts';

// Speed targets live here, never in tests. Each measurement is printed with the baseline it is
// compared against, measured in the same run on the same machine.
const BUILD_TARGET_MS = 15_000;

function wallTime(command: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: PROJECT_ROOT,
    stdio: 'ignore',
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  return performance.now() - started;
}

function benchBuild(): void {
  const redocly = join(PROJECT_ROOT, 'node_modules', '.bin', 'redocly');
  const baseline = wallTime(redocly, ['lint']);
  // Cold: nothing generated yet, every step writes from scratch. Warm: the same again at once. A
  // build that fails leaves the committed generated/ as it was.
  const generated = join(PROJECT_ROOT, 'generated');
  const kept = mkdtempSync(join(tmpdir(), 'service-bench-generated-'));
  cpSync(generated, kept, { recursive: true });
  let cold: number;
  let warm: number;
  try {
    rmSync(generated, { recursive: true, force: true });
    cold = wallTime('npm', ['run', '--silent', 'build']);
    warm = wallTime('npm', ['run', '--silent', 'build']);
  } catch (error) {
    rmSync(generated, { recursive: true, force: true });
    cpSync(kept, generated, { recursive: true });
    throw error;
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
  console.log('build (wall time, 8 documents: lint, bundle, types, validators, type-check)');
  console.log(`  baseline: redocly lint alone  ${Math.round(baseline)} ms`);
  console.log(
    `  cold build                    ${Math.round(cold)} ms  = ${(cold / baseline).toFixed(2)}x baseline, ${(cold / BUILD_TARGET_MS).toFixed(2)} of the 15 s target`,
  );
  console.log(
    `  warm build                    ${Math.round(warm)} ms  = ${(warm / baseline).toFixed(2)}x baseline`,
  );
}

function contractSize(): void {
  const documents = listApiDocuments().map((api) => readBundledDocument(api));
  const operations = documents.flatMap((doc) => listOperations(doc));
  const schemas = loadSchemaFiles();
  const cases = loadExampleFiles(schemas).flatMap((file) => file.cases);
  console.log('contract size');
  console.log(`  documents ${documents.length}`);
  console.log(
    `  operations ${operations.filter((o) => o.kind === 'path').length} (paths), webhooks ${operations.filter((o) => o.kind === 'webhook').length}, summed over documents`,
  );
  console.log(
    `  schemas ${schemas.length}, example files ${listFiles(SCHEMAS_DIR).filter((p) => p.endsWith(EXAMPLE_SUFFIX)).length}`,
  );
  console.log(
    `  example cases ${cases.filter((c) => c.valid).length} valid, ${cases.filter((c) => !c.valid).length} invalid`,
  );
}

/** Cold and warm build time, and the size of the contract it builds. */
export function run(): void {
  benchBuild();
  contractSize();
}
