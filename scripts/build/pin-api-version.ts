import type { OpenApiDocument } from '../../src/documents.ts';

/**
 * Fixes every schema marked `x-pinned-to: info.version` to the document's own version (VER-08:
 * `apiVersion` equals the subscription's version), and sets the example of every marked header or
 * parameter (`Service-Version`, VER-03, VER-14) to it, so that a mock answering the example names
 * the version of the document it serves. The shared components cannot know which dated root
 * includes them, so the bundle of each root is pinned here. Returns how many nodes it pinned.
 */
export function pinApiVersion(document: OpenApiDocument): number {
  let pinned = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-pinned-to'] === 'info.version') {
      if (Object.hasOwn(record, 'example')) record.example = document.info.version;
      else record.const = document.info.version;
      pinned += 1;
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
  return pinned;
}
