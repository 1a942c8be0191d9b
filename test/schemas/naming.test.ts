import { describe, expect, it } from 'vitest';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { createAjv } from '../../src/validation/create-ajv.ts';
import { loadSchemaFiles } from '../../scripts/build/schema-files.ts';

const schemas = loadSchemaFiles();
const bundles = listApiDocuments().map((api) => JSON.stringify(readBundledDocument(api)));

function containsKey(node: unknown, key: string): boolean {
  if (node === null || typeof node !== 'object') return false;
  return Object.hasOwn(node, key) || Object.values(node).some((value) => containsKey(value, key));
}

describe.each(schemas.map((schema) => [schema.path, schema] as const))('%s', (_, file) => {
  it('has a title equal to its file name, so bundles name the component after the file', () => {
    expect(file.schema.title).toBe(file.name);
  });

  it('declares JSON Schema 2020-12', () => {
    expect(file.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('has no $id anywhere: redocly keeps it inside components and ajv then fails on the bundle', () => {
    expect(containsKey(file.schema, '$id')).toBe(false);
  });

  it('is valid against the 2020-12 meta-schema', () => {
    const ajv = createAjv();
    expect(ajv.validateSchema(file.schema), ajv.errorsText()).toBe(true);
  });

  it('is used by at least one bundled document', () => {
    const title = JSON.stringify(file.schema.title);
    expect(bundles.some((bundle) => bundle.includes(`"title":${title}`))).toBe(true);
  });
});
