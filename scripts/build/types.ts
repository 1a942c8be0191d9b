import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { type ApiDocument, listApiDocuments } from '../../src/documents.ts';
import { GENERATED_HEADER } from './generated-header.ts';

/** Writes openapi-typescript types for every bundled document under `<generatedDir>/types/`. */
export async function generateTypes(generatedDir: string, apis = listApiDocuments()): Promise<void> {
  await rm(join(generatedDir, 'types'), { recursive: true, force: true });
  for (const api of apis) await typesFor(api, generatedDir);
}

async function typesFor(api: ApiDocument, generatedDir: string): Promise<void> {
  const document = JSON.parse(await readFile(join(generatedDir, api.bundle), 'utf8'));
  const ast = await openapiTS(document, { silent: true });
  const target = join(generatedDir, api.types);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `// ${GENERATED_HEADER}\n${astToString(ast)}`);
}
