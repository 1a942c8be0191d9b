import { type OpenApiDocument, listApiDocuments, readBundledDocument } from '../documents.js';
import { listOperations } from '../openapi/operations.js';

/** One documented operation: its method (upper case), path template and documented answers. */
export interface DocumentedOperation {
  method: string;
  path: string;
  /** The response keys as documented: `200`, `4XX`, `default`. */
  responses: string[];
}

/** What one document promises: its operations and the webhook events it delivers. */
export interface DocumentedSurface {
  operations: DocumentedOperation[];
  events: string[];
}

/** The operations and events of one bundled document, in document order. */
function surfaceOf(document: OpenApiDocument): DocumentedSurface {
  const entries = listOperations(document);
  return {
    operations: entries
      .filter((entry) => entry.kind === 'path')
      .map(({ name, method, operation }) => ({
        method: method.toUpperCase(),
        path: name,
        responses: Object.keys(operation.responses ?? {}),
      })),
    events: [...new Set(entries.filter((e) => e.kind === 'webhook').map((e) => e.name))],
  };
}

let loaded: Map<string, DocumentedSurface> | undefined;

/** Every bundled document's surface, keyed `v0`, `auth` or by dated version; read once. */
export function loadSurfaces(): Map<string, DocumentedSurface> {
  loaded ??= new Map(
    listApiDocuments().map((api) => [api.version ?? api.name, surfaceOf(readBundledDocument(api))]),
  );
  return loaded;
}

/**
 * The documented operation a request went to: its path as the document names it (no prefix, no
 * query) matched to a path template (`{name}` stands for one segment), and its method.
 */
export function operationAt(
  surface: DocumentedSurface,
  method: string,
  path: string,
): DocumentedOperation | undefined {
  const upper = method.toUpperCase();
  const candidates = surface.operations.filter((o) => o.method === upper);
  return (
    candidates.find((o) => o.path === path) ??
    candidates.find((o) => o.path.includes('{') && templateMatches(o.path, path))
  );
}

function templateMatches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (/^\{[^}]+\}$/.test(part) ? got[i] !== '' : part === got[i]))
  );
}
