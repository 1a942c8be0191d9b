import { type VersionRegistry, loadVersionRegistry, versionPlace } from '../versions.js';
import type { DeclaredChange, ShapeTarget } from './shape-instruction.js';

export type { DeclaredChange, ShapeInstruction, ShapeTarget } from './shape-instruction.js';

/** The target's key, as `webhook chat.message` or `path /chat.postEphemeral`. */
export const targetKey = (target: ShapeTarget): string =>
  target.webhook !== undefined ? `webhook ${target.webhook}` : `path ${target.path}`;

const declared = new WeakMap<VersionRegistry, Map<string, DeclaredChange[]>>();

/** Every declared change of the registry by target key, oldest version first; built once per registry. */
function changesByTarget(from: VersionRegistry): Map<string, DeclaredChange[]> {
  let byTarget = declared.get(from);
  if (byTarget) return byTarget;
  byTarget = new Map();
  for (const entry of from.versions)
    for (const instruction of entry.instructions ?? []) {
      const key = targetKey(instruction);
      const list = byTarget.get(key) ?? [];
      if (!byTarget.has(key)) byTarget.set(key, list);
      list.push({ ...instruction, version: entry.version });
    }
  if (Object.isFrozen(from)) declared.set(from, byTarget);
  return byTarget;
}

/** Every change the registry declares, oldest version first. */
export function declaredChanges(from = loadVersionRegistry()): DeclaredChange[] {
  return [...changesByTarget(from).values()]
    .flat()
    .sort((a, b) => versionPlace(a.version, from) - versionPlace(b.version, from));
}

/** The changes declared for `target`, oldest first. */
export function changesOf(target: ShapeTarget, from = loadVersionRegistry()): DeclaredChange[] {
  return changesByTarget(from).get(targetKey(target)) ?? [];
}

/**
 * Whether `change` holds at `version`: from its version on; never at v0, outside the dated scheme
 * (VER-06), nor at a version the registry does not list.
 */
export function holdsAt(
  change: DeclaredChange,
  version: string,
  from = loadVersionRegistry(),
): boolean {
  const at = versionPlace(version, from);
  return at >= 0 && at >= versionPlace(change.version, from);
}
