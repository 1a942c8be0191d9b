import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ApiDocument, type OpenApiDocument } from '../../src/documents.ts';
import { listApiSources } from './api-sources.ts';
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
  apis: ApiDocument[] = listApiSources(),
): Promise<void> {
  // Start clean so a removed version leaves no stale bundle behind.
  await rm(join(outDir, 'openapi'), { recursive: true, force: true });
  const scratch = await mkdtemp(join(tmpdir(), 'service-contract-bundle-'));
  // The registry step wrote it beside: examples that list the versions take them from it.
  const registry = JSON.parse(
    await readFile(join(outDir, 'versions.json'), 'utf8'),
  ) as VersionRegistry;
  try {
    await Promise.all(apis.map((api) => bundleOne(api, outDir, scratch, registry)));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function bundleOne(
  api: ApiDocument,
  outDir: string,
  scratch: string,
  registry: VersionRegistry,
): Promise<void> {
  const raw = join(scratch, `${api.name}.json`);
  const result = await runBin('redocly', [
    'bundle',
    api.name,
    '--output',
    raw,
    '--ext',
    'json',
    // Components are named after each schema's `title`, which a test keeps equal to its file name.
    '--component-names-strategy',
    'title',
    '--component-renaming-conflicts-severity',
    'error',
  ]);
  if (result.code !== 0) throw new Error(`redocly bundle ${api.name} failed:\n${result.output}`);
  const document = JSON.parse(await readFile(raw, 'utf8')) as OpenApiDocument;
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
