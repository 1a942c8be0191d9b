import { type ApiDocument, type OpenApiDocument, listApiDocuments } from '../../src/documents.ts';
import { resolveLocal } from '../../src/openapi/operations.ts';
import { type DocumentValidator, pointer } from '../../src/validation/document-validator.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

/** A committed bundle with a validator over it, and shortcuts to what tests look up most. */
export interface Bundle {
  api: ApiDocument;
  document: OpenApiDocument;
  validator: DocumentValidator;
  /** Whether `value` is valid against the schema at these keys from the document root. */
  accepts(keys: ReadonlyArray<string | number>, value: unknown): boolean;
}

/** Every bundle in redocly.yaml's order, from the one loader the servers use. */
export function loadBundles(): Bundle[] {
  const loaded = loadDocumentsByVersion();
  return listApiDocuments().map((api) => {
    const { document, validator } = loaded.get(api.version ?? api.name)!;
    return {
      api,
      document,
      validator,
      accepts: (keys, value) =>
        validator.validate(pointer(resolvedKeys(document, keys)), value).length === 0,
    };
  });
}

/**
 * The keys of the schema `keys` names, through any `$ref` on the way: the bundler moves a response
 * or request body that a path item refers to whole under `components`.
 */
function resolvedKeys(document: OpenApiDocument, keys: ReadonlyArray<string | number>) {
  let at: Array<string | number> = [];
  let node: unknown = document;
  for (const key of keys) {
    const { value, location } = resolveLocal(document, node);
    if (location) at = [...location];
    node = (value as Record<string | number, unknown> | undefined)?.[key];
    at.push(key);
  }
  return at;
}

export const JSON_BODY = ['content', 'application/json', 'schema'] as const;
