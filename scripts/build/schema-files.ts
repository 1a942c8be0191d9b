import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';

export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');
const SCHEMA_SUFFIX = '.schema.json';
export const EXAMPLE_SUFFIX = '.example.json';

/** A schema source: its path under schemas/ (with `/`), its name (the file name) and its JSON. */
export interface SchemaFile {
  path: string;
  name: string;
  schema: Record<string, unknown>;
}

/** Every file under a folder, as paths relative to it with `/` separators, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Every `*.schema.json` under schemas/. */
export function loadSchemaFiles(dir = SCHEMAS_DIR): SchemaFile[] {
  return listFiles(dir)
    .filter((path) => path.endsWith(SCHEMA_SUFFIX))
    .map((path) => ({
      path,
      name: path.slice(path.lastIndexOf('/') + 1, -SCHEMA_SUFFIX.length),
      schema: JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, unknown>,
    }));
}

/** The key a schema file is registered under, so relative `$ref`s between files resolve. */
export function schemaKey(path: string): string {
  return `https://schemas.service-contract.invalid/${path}`;
}
