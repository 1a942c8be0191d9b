import type { OpenApiDocument } from '../documents.js';
import type { VersionRegistry } from '../versions.js';
import type { ChangeKind } from './classify.js';
import { describeChange } from './describe-change.js';
import { type DocumentChange, diffDocuments } from './diff-documents.js';

/** A change as users read it: where, how it breaks, why (the requirements), in a sentence. */
export interface ExplainedChange {
  /** `path /chat.postEphemeral` or `webhook chat.message`. */
  item: string;
  kind: ChangeKind;
  /** The location inside the item, keys joined with `/`; empty for the whole item. */
  at: string;
  before?: unknown;
  after?: unknown;
  /** The requirement IDs the registry gives the item in the versions that made this change. */
  requirements: string[];
  /** The dated versions between the two compared that made this change. */
  versions: string[];
  sentence: string;
}

/**
 * Every change between two dated versions, each with its sentence and the requirement IDs that
 * explain it (VER-01: the registry says why each version changed each item). Across several
 * versions a change is credited to the steps whose own diff touched the same place, so a diff from
 * the baseline to the latest says VER-11 only where membership changed, not on every leaf of
 * `chat.message`.
 */
export function explainChanges(
  from: string,
  to: string,
  documentOf: (version: string) => OpenApiDocument,
  registry: VersionRegistry,
): ExplainedChange[] {
  const steps = stepsBetween(from, to, documentOf, registry);
  return diffDocuments(documentOf(from), documentOf(to)).map((change) => {
    const credited = steps.filter((step) =>
      step.changes.some((other) => other.item === change.item && related(other.path, change.path)),
    );
    return {
      item: change.item,
      kind: change.kind,
      at: change.path.slice(2).join('/'),
      before: change.before,
      after: change.after,
      requirements: [...new Set(credited.flatMap((step) => step.requirementsOf(change.item)))],
      versions: credited.map((step) => step.version),
      sentence: describeChange(change),
    };
  });
}

interface Step {
  version: string;
  changes: DocumentChange[];
  requirementsOf(item: string): string[];
}

/** Each adjacent pair of registry versions inside the compared range, in either direction. */
function stepsBetween(
  from: string,
  to: string,
  documentOf: (version: string) => OpenApiDocument,
  registry: VersionRegistry,
): Step[] {
  const [low, high] = from < to ? [from, to] : [to, from];
  const entries = registry.versions;
  return entries.flatMap((entry, index) => {
    const previous = entries[index - 1];
    if (!previous || entry.version <= low || entry.version > high) return [];
    return [
      {
        version: entry.version,
        changes: diffDocuments(documentOf(previous.version), documentOf(entry.version)),
        requirementsOf: (item: string) =>
          entry.changes.find((change) =>
            change.path ? item === `path ${change.path}` : item === `webhook ${change.webhook}`,
          )?.requirements ?? [],
      },
    ];
  });
}

/** One location lies inside the other (or they are the same). */
function related(a: string[], b: string[]): boolean {
  const length = Math.min(a.length, b.length);
  return a.slice(0, length).every((segment, index) => segment === b[index]);
}
