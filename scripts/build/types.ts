import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { type ApiDocument } from '../../src/documents.ts';
import { listApiSources } from './api-sources.ts';
import { GENERATED_HEADER } from './generated-header.ts';

/** Writes openapi-typescript types for every bundled document under `<generatedDir>/types/`. */
export async function generateTypes(
  generatedDir: string,
  apis: ApiDocument[] = listApiSources(),
): Promise<void> {
  await rm(join(generatedDir, 'types'), { recursive: true, force: true });
  for (const api of apis) await typesFor(api, generatedDir);
  // The registry step wrote the registry beside the documents; its gates name the behaviour.
  const registry = JSON.parse(await readFile(join(generatedDir, 'versions.json'), 'utf8')) as {
    latest: string;
    versions: Array<{ gates?: Array<{ id: string }> }>;
  };
  const gates = registry.versions.flatMap((v) => (v.gates ?? []).map((g) => g.id));
  await writeFile(join(generatedDir, 'types', 'index.ts'), typeIndex(apis, gates, registry.latest));
}

/**
 * One interface that maps every version to its document's types, so clients and parsers can be
 * keyed by version without a hand-kept list: `v0`, `auth` and each dated version.
 */
function typeIndex(apis: ApiDocument[], gates: string[], latest: string): string {
  const alias = (api: ApiDocument) => api.name.replace(/[^A-Za-z0-9]/g, '_');
  const key = (api: ApiDocument) => JSON.stringify(api.version ?? api.name);
  const lines = [
    `// ${GENERATED_HEADER}`,
    ...apis.map(
      (api) =>
        `import type * as ${alias(api)} from './${api.types.slice('types/'.length, -'.ts'.length)}.js';`,
    ),
    '',
    'export interface DocumentTypes {',
    ...apis.map(
      (api) =>
        `  ${key(api)}: { paths: ${alias(api)}.paths; webhooks: ${alias(api)}.webhooks; components: ${alias(api)}.components };`,
    ),
    '}',
    '',
    `export type DatedVersion = ${apis
      .filter((api) => api.version)
      .map(key)
      .join(' | ')};`,
    '',
    '/** The latest dated version, the one new integrations pin to. */',
    `export type LatestVersion = ${JSON.stringify(latest)};`,
    '',
    '/** The behaviour dated versions introduced, by name (openapi/versions.yaml, `gates`). */',
    `export type VersionGateId = ${gates.map((id) => `'${id}'`).join(' | ') || 'never'};`,
    '',
  ];
  return lines.join('\n');
}

async function typesFor(api: ApiDocument, generatedDir: string): Promise<void> {
  const document = JSON.parse(await readFile(join(generatedDir, api.bundle), 'utf8'));
  const ast = await openapiTS(document, { silent: true });
  const target = join(generatedDir, api.types);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `// ${GENERATED_HEADER}\n${astToString(ast)}`);
}
