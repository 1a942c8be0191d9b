import { isDeepStrictEqual } from 'node:util';
import type { OpenApiDocument } from '../documents.js';
import { dereference } from '../openapi/dereference.js';
import { withoutPins } from '../openapi/without-pins.js';
import { type ChangeKind, type LeafChange, classify } from './classify.js';
import { mergeAllOf } from './merge-all-of.js';
import { isRecord } from '../is-record.js';

export interface DocumentChange extends LeafChange {
  /** `path /chat.postEphemeral` or `webhook chat.message`. */
  item: string;
  kind: ChangeKind;
}

// Lists compared as a whole, then by membership: their order carries no meaning here.
const SET_KEYWORDS = new Set(['required', 'enum']);

/**
 * Every leaf where two versions' path items and webhooks differ, classified. Schemas are compared
 * with `allOf` folded in, so a restructuring that keeps the constraints is no change. The version
 * a document is pinned to (`x-pinned-to` schemas) is its identity, not a change.
 */
export function diffDocuments(from: OpenApiDocument, to: OpenApiDocument): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const [section, label] of [
    ['paths', 'path'],
    ['webhooks', 'webhook'],
  ] as const) {
    const names = [
      ...new Set([...Object.keys(from[section] ?? {}), ...Object.keys(to[section] ?? {})]),
    ].sort();
    for (const name of names) {
      const before =
        from[section]?.[name] === undefined ? undefined : dereference(from, from[section]![name]);
      const after =
        to[section]?.[name] === undefined ? undefined : dereference(to, to[section]![name]);
      const leaves: LeafChange[] = [];
      walk(
        mergeAllOf(withoutPins(before)),
        mergeAllOf(withoutPins(after)),
        [section, name],
        leaves,
      );
      for (const leaf of leaves)
        changes.push({
          ...leaf,
          item: `${label} ${name}`,
          kind: itemLevel(leaf) ?? classify(leaf),
        });
    }
  }
  return changes;
}

/** A whole path item or webhook appearing is additive; disappearing breaks its users. */
function itemLevel(leaf: LeafChange): ChangeKind | undefined {
  if (leaf.path.length !== 2) return undefined;
  return leaf.before === undefined ? 'additive' : 'breaking';
}

function walk(before: unknown, after: unknown, path: string[], out: LeafChange[]): void {
  if (isDeepStrictEqual(before, after)) return;
  const key = path.at(-1) ?? '';
  if (
    SET_KEYWORDS.has(key) &&
    Array.isArray(before) &&
    Array.isArray(after) &&
    sameMembers(before, after)
  )
    return;
  if (isRecord(before) && isRecord(after)) {
    for (const child of new Set([...Object.keys(before), ...Object.keys(after)]))
      walk(before[child], after[child], [...path, child], out);
    return;
  }
  out.push({ path, before, after });
}

function sameMembers(a: unknown[], b: unknown[]): boolean {
  return (
    a.length === b.length && a.every((value) => b.some((other) => isDeepStrictEqual(value, other)))
  );
}
