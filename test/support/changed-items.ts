import { isDeepStrictEqual } from 'node:util';
import type { OpenApiDocument } from '../../src/documents.ts';
import { dereference } from '../../src/openapi/dereference.ts';
import { withoutPins } from '../../src/openapi/without-pins.ts';

/** A path item (`path /chat.postEphemeral`) or a webhook (`webhook chat.message`). */
export type ItemName = `path ${string}` | `webhook ${string}`;

/**
 * The path items and webhooks whose fully dereferenced content differs between two documents,
 * sorted. The version a document is pinned to (`x-pinned-to` schemas) is its identity, not a
 * change, so it is left out of the comparison.
 */
export function changedItems(from: OpenApiDocument, to: OpenApiDocument): ItemName[] {
  const changed: ItemName[] = [];
  for (const [section, prefix] of [
    ['paths', 'path'],
    ['webhooks', 'webhook'],
  ] as const) {
    const names = new Set([...Object.keys(from[section] ?? {}), ...Object.keys(to[section] ?? {})]);
    for (const name of names) {
      const before = comparable(from, from[section]?.[name]);
      const after = comparable(to, to[section]?.[name]);
      if (!isDeepStrictEqual(before, after)) changed.push(`${prefix} ${name}`);
    }
  }
  return changed.sort();
}

function comparable(document: OpenApiDocument, item: unknown): unknown {
  return item === undefined ? undefined : withoutPins(dereference(document, item));
}
