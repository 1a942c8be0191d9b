import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createSchemaAjv } from '../../scripts/build/schema-ajv.ts';
import { loadSchemaFiles, schemaKey } from '../../scripts/build/schema-files.ts';
import { loadExampleFiles } from '../../scripts/build/example-files.ts';
import { ownNodes, ruleSites } from '../support/rule-sites.ts';

// One walker over every example beside the schemas (TYPE-01..03, DLV-12, EPH-01/02,
// SUB-01/03/04/09, AUTH-07/10): each case validates exactly as its `valid` says, every schema has a
// valid example, and every rule a schema states is broken by at least one invalid case.
const schemas = loadSchemaFiles();
const examples = loadExampleFiles(schemas);
// inlineRefs off and verbose on: an error's schemaPath is relative to the file it is in, and its
// parentSchema tells which file that is.
const ajv = createSchemaAjv(schemas, { inlineRefs: false, verbose: true });

function validate(schemaPath: string, data: unknown): ErrorObject[] {
  const validator = ajv.getSchema(schemaKey(schemaPath));
  if (!validator) throw new Error(`no validator for ${schemaPath}`);
  return validator(data) ? [] : [...(validator.errors ?? [])];
}

describe('example files', () => {
  it.each(examples.map((example) => [example.path, example] as const))(
    '%s belongs to a schema',
    (_, example) => {
      expect(
        example.schema,
        'name it <schema>.<variant>.example.json beside its schema',
      ).toBeDefined();
    },
  );

  const cases = examples.flatMap((example) =>
    example.cases.map(
      (entry) =>
        [`${example.path}: ${entry.description}`, example.schema?.path ?? '', entry] as const,
    ),
  );
  it.each(cases)('%s', (_, schemaPath, entry) => {
    const errors = validate(schemaPath, entry.data);
    if (entry.valid) expect(errors.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    else expect(errors.length, 'an invalid case must be rejected').toBeGreaterThan(0);
  });
});

describe('every schema', () => {
  it.each(schemas.map((schema) => [schema.path, schema] as const))(
    '%s has a valid example',
    (path) => {
      const valid = examples
        .filter((example) => example.schema?.path === path)
        .flatMap((e) => e.cases)
        .filter((c) => c.valid);
      expect(valid.length).toBeGreaterThan(0);
    },
  );

  it.each(schemas.map((schema) => [schema.path, schema] as const))(
    '%s has an invalid case for each rule it states',
    (path, schema) => {
      const nodes = ownNodes(schema.schema);
      const hit = new Set<string>();
      const invalid = examples
        .filter((example) => example.schema?.path === path)
        .flatMap((e) => e.cases)
        .filter((c) => !c.valid);
      for (const entry of invalid) {
        for (const error of validate(path, entry.data)) {
          if (!nodes.has(error.parentSchema as object)) continue;
          const missing =
            error.keyword === 'required'
              ? `/${(error.params as { missingProperty: string }).missingProperty}`
              : '';
          hit.add(`${error.schemaPath}${missing}`);
        }
      }
      expect(ruleSites(schema.schema).filter((site) => !hit.has(site))).toEqual([]);
    },
  );
});
