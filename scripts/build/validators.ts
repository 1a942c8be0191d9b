import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { type ApiDocument, type OpenApiDocument } from '../../src/documents.ts';
import { listApiSources } from './api-sources.ts';
import { createAjv } from '../../src/validation/create-ajv.ts';
import {
  DOCUMENT_KEY,
  OPENAPI_ROOT_KEYS,
  pointer,
} from '../../src/validation/document-validator.ts';
import { GENERATED_HEADER } from './generated-header.ts';

// ajv's standalone module is CommonJS; under NodeNext its default export arrives wrapped.
const standaloneCode =
  (standaloneModule as unknown as { default: typeof standaloneModule.default }).default ??
  standaloneModule;

/**
 * Precompiles one validator per webhook payload of every bundle into a CommonJS module
 * (`exports["chat.message"]`, ...). ajv's standalone output is CommonJS: its ESM option still
 * emits a `require` of ajv-formats.
 */
export async function generateValidators(
  generatedDir: string,
  apis: ApiDocument[] = listApiSources(),
): Promise<void> {
  await rm(join(generatedDir, 'validators'), { recursive: true, force: true });
  for (const api of apis) await validatorsFor(api, generatedDir);
}

async function validatorsFor(api: ApiDocument, generatedDir: string): Promise<void> {
  const document = JSON.parse(
    await readFile(join(generatedDir, api.bundle), 'utf8'),
  ) as OpenApiDocument;
  const ajv = createAjv({ source: true }).addVocabulary(OPENAPI_ROOT_KEYS);
  ajv.addSchema(document as object, DOCUMENT_KEY, undefined, false);
  const exported: Record<string, string> = {};
  for (const name of Object.keys(document.webhooks ?? {})) {
    const id = `https://validators.service-contract.invalid/webhooks/${encodeURIComponent(name)}`;
    const schema = pointer([
      'webhooks',
      name,
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    ]);
    ajv.addSchema({ $id: id, $ref: `${DOCUMENT_KEY}${schema}` });
    exported[name] = id;
  }
  const target = join(generatedDir, api.validators);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `// ${GENERATED_HEADER}\n${standaloneCode(ajv, exported)}\n`);
}
