import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type OpenApiDocument } from '../../src/documents.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { type ApiSource, listApiSources } from './api-sources.ts';
import { runBin } from '../run-command.ts';
import { GENERATED_HEADER } from './generated-header.ts';
import { deriveSupportedVersions } from './derived-examples.ts';
import { pinApiVersion } from './pin-api-version.ts';
import { applyDeclaredShapes } from './declared-shapes.ts';
import { type VersionRegistry, listVersions } from '../../src/versions.ts';
import { declaredChanges, holdsAt } from '../../src/version-changes/instruction.ts';

/**
 * Bundles every API of redocly.yaml into self-contained OpenAPI 3.1 JSON under `<outDir>/openapi/`.
 */
export async function bundleDocuments(
  outDir: string,
  apis: ApiSource[] = listApiSources(),
): Promise<void> {
  // Start clean so a removed version leaves no stale bundle behind.
  await rm(join(outDir, 'openapi'), { recursive: true, force: true });
  const scratch = await mkdtemp(join(tmpdir(), 'service-contract-bundle-'));
  // The registry step wrote it beside: examples that list the versions take them from it.
  const registry = JSON.parse(
    await readFile(join(outDir, 'versions.json'), 'utf8'),
  ) as VersionRegistry;
  try {
    await redoclyBundle(apis, scratch);
    await Promise.all(apis.map((api) => finishOne(api, outDir, scratch, registry)));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Where redocly writes an API's bundle before the build derives what it adds. */
const rawBundle = (scratch: string, api: ApiSource) => join(scratch, `${api.name}.json`);

/**
 * One redocly run for every API: a config of their roots, each with its output in `scratch` (a
 * run per API paid redocly's start-up, about 1.5 s of CPU, once per document).
 */
async function redoclyBundle(apis: ApiSource[], scratch: string): Promise<void> {
  const config = join(scratch, 'redocly.yaml');
  const entries = apis.map((api) => [
    api.name,
    { root: join(PROJECT_ROOT, api.root), output: rawBundle(scratch, api) },
  ]);
  // JSON is YAML: the config redocly reads, without a serializer of its own.
  await writeFile(config, JSON.stringify({ apis: Object.fromEntries(entries) }));
  const result = await runBin('redocly', [
    'bundle',
    '--config',
    config,
    '--ext',
    'json',
    // Components are named after each schema's `title`, which a test keeps equal to its file name.
    '--component-names-strategy',
    'title',
    '--component-renaming-conflicts-severity',
    'error',
  ]);
  if (result.code !== 0) throw new Error(`redocly bundle failed:\n${result.output}`);
}

async function finishOne(
  api: ApiSource,
  outDir: string,
  scratch: string,
  registry: VersionRegistry,
): Promise<void> {
  const document = JSON.parse(await readFile(rawBundle(scratch, api), 'utf8')) as OpenApiDocument;
  pinApiVersion(document);
  deriveSupportedVersions(document, listVersions(registry));
  if (api.version)
    applyDeclaredShapes(
      document,
      declaredChanges(registry).filter((change) => holdsAt(change, api.version!, registry)),
    );
  const target = join(outDir, api.bundle);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(
    target,
    `${JSON.stringify({ 'x-generated': GENERATED_HEADER, ...document }, null, 2)}\n`,
  );
}
