import type { Ajv2020 } from 'ajv/dist/2020.js';
import { type AjvOptions, createAjv } from '../../src/validation/create-ajv.ts';
import { type SchemaFile, loadSchemaFiles, schemaKey } from './schema-files.ts';

/** A validator that knows every schema file under schemas/, keyed by `schemaKey(path)`. */
export function createSchemaAjv(
  files: SchemaFile[] = loadSchemaFiles(),
  options?: AjvOptions,
): Ajv2020 {
  const ajv = createAjv(options);
  for (const file of files) ajv.addSchema(file.schema, schemaKey(file.path));
  return ajv;
}
