import { type OpenApiDocument, listApiDocuments, readBundledDocument } from '../documents.js';
import { DocumentValidator } from './document-validator.js';

export interface LoadedDocument {
  document: OpenApiDocument;
  validator: DocumentValidator;
}

/** Every bundled document with a validator over it, keyed `v0`, `auth` or by dated version. */
export function loadDocumentsByVersion(): Map<string, LoadedDocument> {
  return new Map(
    listApiDocuments().map((api) => {
      const document = readBundledDocument(api);
      return [api.version ?? api.name, { document, validator: new DocumentValidator(document) }];
    }),
  );
}
