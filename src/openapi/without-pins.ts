/**
 * A copy of a dereferenced node without the `const` the build adds to `x-pinned-to` schemas (and
 * the `example` it sets on `x-pinned-to` headers): the version a document is pinned to is its
 * identity, not a change between versions.
 */
export function withoutPins(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPins);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const entries = Object.entries(record).filter(
    ([key]) => !((key === 'const' || key === 'example') && record['x-pinned-to']),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutPins(value)]));
}
