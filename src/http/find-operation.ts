import { HTTP_METHODS } from '../openapi/operations.js';
import type { LoadedDocument } from '../validation/documents-by-version.js';
import { ownEntry } from './front-config.js';
import type { SpecError } from './spec-error.js';

/**
 * The operation at `path` and `method`: 404 for a path the document lacks, 405 with `Allow` set on
 * `headers` for a method its path does not take. The front and the proxy ask it alike.
 */
export function findOperation(
  loaded: LoadedDocument,
  path: string,
  method: string,
  headers: Record<string, string>,
): { found: Record<string, any> } | SpecError {
  // The path is the request's: only the document's own paths are found.
  const item = ownEntry((loaded.document.paths ?? {}) as Record<string, Record<string, any>>, path);
  if (!item) return { status: 404, code: 'unknown_method' };
  const found = HTTP_METHODS.includes(method as never) ? item[method] : undefined;
  if (found) return { found };
  headers.Allow = HTTP_METHODS.filter((m) => item[m])
    .join(', ')
    .toUpperCase();
  return { status: 405, code: 'method_not_allowed' };
}
