import { type OpenApiDocument, listApiDocuments, readBundledDocument } from '../documents.js';
import { DocumentValidator } from './document-validator.js';

export interface LoadedDocument {
  document: OpenApiDocument;
  validator: DocumentValidator;
}

let shared: ReadonlyMap<string, LoadedDocument> | undefined;

/**
 * The documents of `loadDocumentsByVersion`, loaded once per process and shared, read-only, by
 * the parts of a conformance run (its checks, its generated requests, its coverage) and by the
 * reference servers and proxies the process starts: each validator compiles once, not once per
 * part or per server.
 */
export function sharedDocumentsByVersion(): ReadonlyMap<string, LoadedDocument> {
  shared ??= loadDocumentsByVersion();
  return shared;
}

/** Every bundled document with a validator over it, keyed `v0`, `auth` or by dated version. */
export function loadDocumentsByVersion(): ReadonlyMap<string, LoadedDocument> {
  return new Map(
    listApiDocuments().map((api) => {
      const document = readBundledDocument(api);
      return [api.version ?? api.name, { document, validator: new DocumentValidator(document) }];
    }),
  );
}
