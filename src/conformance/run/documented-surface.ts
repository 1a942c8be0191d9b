import type { OpenApiDocument } from '../../documents.js';
import { listOperations } from '../../openapi/operations.js';
import { sharedDocumentsByVersion } from '../../validation/documents-by-version.js';

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
  /** The operations by `METHOD path` as documented, and those whose path is a template. */
  byPath: ReadonlyMap<string, DocumentedOperation>;
  templated: readonly DocumentedOperation[];
}

/** The operations and events of one bundled document, in document order. */
function surfaceOf(document: OpenApiDocument): DocumentedSurface {
  const entries = listOperations(document);
  return surfaceFrom(
    entries
      .filter((entry) => entry.kind === 'path')
      .map(({ name, method, operation }) => ({
        method: method.toUpperCase(),
        path: name,
        responses: Object.keys(operation.responses ?? {}),
      })),
    [...new Set(entries.filter((e) => e.kind === 'webhook').map((e) => e.name))],
  );
}

/** A surface of these operations and events, indexed for `operationAt`. */
export function surfaceFrom(
  operations: DocumentedOperation[],
  events: string[],
): DocumentedSurface {
  return {
    operations,
    events,
    byPath: new Map(operations.map((o) => [`${o.method} ${o.path}`, o])),
    templated: operations.filter((o) => o.path.includes('{')),
  };
}

let loaded: Map<string, DocumentedSurface> | undefined;

/**
 * Every bundled document's surface, keyed `v0`, `auth` or by dated version: made once, from the
 * documents the run's checks already loaded.
 */
export function loadSurfaces(): Map<string, DocumentedSurface> {
  loaded ??= new Map(
    [...sharedDocumentsByVersion()].map(([key, { document }]) => [key, surfaceOf(document)]),
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
  return (
    surface.byPath.get(`${upper} ${path}`) ??
    surface.templated.find((o) => o.method === upper && templateMatches(o.path, path))
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
