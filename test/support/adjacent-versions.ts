import {
  type OpenApiDocument,
  listApiDocuments,
  readBundledDocument,
} from '../../src/documents.ts';
import { type VersionEntry, loadVersionRegistry } from '../../src/versions.ts';

/** One dated version and the one before it, with both bundled documents. */
export interface AdjacentVersions {
  /** `2026-06-01 -> 2026-07-07`, for test names. */
  name: string;
  from: OpenApiDocument;
  to: OpenApiDocument;
  /** The later version's registry entry: what it says changed and whether that breaks. */
  entry: VersionEntry;
  /** The items the entry lists as changed, `path /x` or `webhook y`, sorted. */
  declared: string[];
}

/** Every dated document, by version. */
export function datedDocuments(): Map<string, OpenApiDocument> {
  return new Map(
    listApiDocuments()
      .filter((api) => api.version)
      .map((api) => [api.version!, readBundledDocument(api)]),
  );
}

/** Every adjacent pair of dated versions in the registry, oldest first. */
export function adjacentVersions(
  documents: Map<string, OpenApiDocument> = datedDocuments(),
): AdjacentVersions[] {
  const { versions } = loadVersionRegistry();
  return versions.slice(1).map((entry, index) => {
    const from = versions[index]!.version;
    return {
      name: `${from} -> ${entry.version}`,
      from: documents.get(from)!,
      to: documents.get(entry.version)!,
      entry,
      declared: entry.changes
        .map((c) => (c.path ? `path ${c.path}` : `webhook ${c.webhook}`))
        .sort(),
    };
  });
}
