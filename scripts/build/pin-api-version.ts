import type { OpenApiDocument } from '../../src/documents.ts';

/**
 * Fixes every schema marked `x-pinned-to: info.version` to the document's own version (VER-08:
 * `apiVersion` equals the subscription's version). The shared envelope cannot know which dated
 * root includes it, so the bundle of each root is pinned here. Returns how many schemas it pinned.
 */
export function pinApiVersion(document: OpenApiDocument): number {
  let pinned = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-pinned-to'] === 'info.version') {
      record.const = document.info.version;
      pinned += 1;
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
  return pinned;
}
