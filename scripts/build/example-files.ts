import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_SUFFIX, SCHEMAS_DIR, type SchemaFile, listFiles } from './schema-files.ts';

/** One case in the JSON-Schema-Test-Suite shape. */
export interface ExampleCase {
  description: string;
  data: unknown;
  valid: boolean;
}

/**
 * An example file beside a schema: `<schema>.<variant>.example.json`, one case or an array of them.
 */
interface ExampleFile {
  path: string;
  schema: SchemaFile | undefined;
  cases: ExampleCase[];
}

/** The schema an example file belongs to: the longest schema name in its folder it starts with. */
function schemaForExample(path: string, schemas: SchemaFile[]): SchemaFile | undefined {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const stem = path.slice(folder.length, -EXAMPLE_SUFFIX.length);
  return schemas
    .filter(
      (schema) => schema.path.startsWith(folder) && !schema.path.slice(folder.length).includes('/'),
    )
    .filter((schema) => stem.startsWith(`${schema.name}.`))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

export function loadExampleFiles(schemas: SchemaFile[], dir = SCHEMAS_DIR): ExampleFile[] {
  return listFiles(dir)
    .filter((path) => path.endsWith(EXAMPLE_SUFFIX))
    .map((path) => {
      const content = JSON.parse(readFileSync(join(dir, path), 'utf8')) as
        ExampleCase | ExampleCase[];
      return {
        path,
        schema: schemaForExample(path, schemas),
        cases: Array.isArray(content) ? content : [content],
      };
    });
}
