/** The URL prefix of a path and the error shape that goes with it (see docs/ARCHITECTURE.md). */
export type Generation = 'v0' | 'v1' | 'auth';

/** `/v0/...` and `/v1/...` by prefix; every other path is the OAuth server's. */
export function generationOf(path: string): Generation {
  if (path.startsWith('/v0/')) return 'v0';
  return path.startsWith('/v1/') ? 'v1' : 'auth';
}

/** The path as the document names it: without the generation's prefix, and without a query. */
export function documentPathOf(path: string): string {
  const bare = path.split('?')[0]!;
  return generationOf(bare) === 'auth' ? bare : bare.slice(3);
}

/**
 * The document that judges a request or an answer at `path`: v0's, the OAuth server's, or the
 * dated v1 one of `version`. The one place this is decided, for the front, the proxy and the suite.
 */
export function documentKeyOf(path: string, version: string): string {
  const generation = generationOf(path);
  return generation === 'v1' ? version : generation;
}
