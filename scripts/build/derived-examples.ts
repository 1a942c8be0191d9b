import type { OpenApiDocument } from '../../src/documents.ts';

/**
 * Writes the registry's versions into every example marked `x-derived: supported-versions` (the
 * VER-04 answer's list), so adding a dated version edits no example: the sources hold only a
 * stand-in list. Returns how many examples it wrote.
 */
export function deriveSupportedVersions(
  document: OpenApiDocument,
  versions: readonly string[],
): number {
  let derived = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-derived'] === 'supported-versions') {
      const value = record.value as Record<string, unknown> | undefined;
      if (!value || !Array.isArray(value.supportedVersions))
        throw new Error('an example marked x-derived: supported-versions has no supportedVersions');
      value.supportedVersions = [...versions];
      derived += 1;
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
  return derived;
}
