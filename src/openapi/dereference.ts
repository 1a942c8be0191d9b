import type { OpenApiDocument } from '../documents.js';
import { resolveLocal } from './operations.js';

/**
 * A copy of `node` with every local `$ref` replaced by what it names, recursively. Bundles of this
 * contract have no recursive schemas; a cycle is reported rather than looping.
 */
export function dereference(
  document: OpenApiDocument,
  node: unknown,
  seen: string[] = [],
): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(document, item, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref)) throw new Error(`recursive reference ${ref}`);
    const { $ref: _, ...siblings } = node as Record<string, unknown>;
    const target = dereference(document, resolveLocal(document, node).value, [...seen, ref]);
    return Object.keys(siblings).length
      ? { ...(target as object), ...(dereference(document, siblings, seen) as object) }
      : target;
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, dereference(document, value, seen)]),
  );
}
