import { type ApiDocument, type OpenApiDocument, listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { DocumentValidator, pointer } from '../../src/validation/document-validator.ts';

/** A committed bundle with a validator over it, and shortcuts to what tests look up most. */
export interface Bundle {
  api: ApiDocument;
  document: OpenApiDocument;
  validator: DocumentValidator;
  /** Whether `value` is valid against the schema at these keys from the document root. */
  accepts(keys: ReadonlyArray<string | number>, value: unknown): boolean;
}

export function loadBundles(): Bundle[] {
  return listApiDocuments().map((api) => {
    const document = readBundledDocument(api);
    const validator = new DocumentValidator(document);
    return { api, document, validator, accepts: (keys, value) => validator.validate(pointer(keys), value).length === 0 };
  });
}

export const JSON_BODY = ['content', 'application/json', 'schema'] as const;
