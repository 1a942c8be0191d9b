import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from '../documents.js';
import { createAjv } from './create-ajv.js';

export const DOCUMENT_KEY = 'https://documents.service-contract.invalid/bundled.json';

/**
 * ajv compiles the document's root when a pointer into it is first resolved; these root keys of an
 * OpenAPI document are known to it as annotations, so strict mode still rejects anything else.
 */
export const OPENAPI_ROOT_KEYS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
  'x-generated',
];

/** A JSON Pointer fragment for a path of keys: ['paths', '/a'] -> '#/paths/~1a'. */
export function pointer(keys: ReadonlyArray<string | number>): string {
  return `#/${keys.map((key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/**
 * Validates values against schemas inside one bundled OpenAPI 3.1 document. Schemas are compiled
 * by JSON Pointer on first use and kept, so `#/components/schemas/...` refs resolve as they do for
 * any other tool reading the bundle.
 */
export class DocumentValidator {
  // It compiles only `{ $ref }` into a document added unchecked: the meta-schema has nothing to
  // check (the documents are checked when built), and compiling it was 80 ms per document.
  private readonly ajv: Ajv2020 = createAjv({ validateSchema: false }).addVocabulary(
    OPENAPI_ROOT_KEYS,
  );
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv.addSchema(document as object, DOCUMENT_KEY, undefined, false);
  }

  /** The errors of `value` against the schema at `schemaPointer`; empty when it is valid. */
  validate(schemaPointer: string, value: unknown): ErrorObject[] {
    const validator = this.validatorAt(schemaPointer);
    return validator(value) ? [] : [...(validator.errors ?? [])];
  }

  private validatorAt(schemaPointer: string): ValidateFunction {
    let validator = this.compiled.get(schemaPointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_KEY}${schemaPointer}` });
      this.compiled.set(schemaPointer, validator);
    }
    return validator;
  }
}
