import { loadVersionRegistry } from '../versions.js';
import { type DeclaredChange, type ShapeTarget, changesOf, holdsAt } from './instruction.js';

type Shape = Record<string, unknown>;

/** The changes to `target` that hold at `version`, oldest first. */
function changesAt(
  target: ShapeTarget,
  version: string,
  from = loadVersionRegistry(),
): DeclaredChange[] {
  if (version === 'v0') return [];
  return changesOf(target, from).filter((change) => holdsAt(change, version, from));
}

/**
 * `shape`, written in the names the code writes (those before any declared change), as `version`
 * shows it: every change holding there applied, oldest first. A copy; the input is left as is.
 * What the reference server renders and the samples send.
 */
export function toVersion(
  target: ShapeTarget,
  version: string,
  shape: Shape,
  from = loadVersionRegistry(),
): Shape {
  return rewritten(changesAt(target, version, from), shape, forward);
}

/**
 * `shape` as `version` showed it, read back in the names the code writes, newest change first: what
 * the checks, `listen` and the receiver suite read. Lenient where the shape already has the old
 * form (a renamed field under its old name stays): judging the declared form is the declared-shapes
 * check's, so one fault is reported once. A copy; the input is left as is.
 */
export function toBase(
  target: ShapeTarget,
  version: string,
  shape: Shape,
  from = loadVersionRegistry(),
): Shape {
  return rewritten(changesAt(target, version, from).reverse(), shape, backward);
}

/** `shape` with each of `changes` applied in turn by `step`: a copy, or `shape` itself if none. */
function rewritten(
  changes: DeclaredChange[],
  shape: Shape,
  step: (change: DeclaredChange, shape: Shape) => void,
): Shape {
  if (!changes.length) return shape;
  const out: Shape = { ...shape };
  for (const change of changes) step(change, out);
  return out;
}

/** Applies one change to `shape` in place, as its version made it. */
export function forward(change: DeclaredChange, shape: Shape): void {
  const has = Object.hasOwn(shape, change.field);
  switch (change.kind) {
    case 'rename':
      if (!has) return;
      shape[change.to] = shape[change.field];
      delete shape[change.field];
      return;
    case 'add':
      if (Object.hasOwn(shape, change.field)) return;
      if ('const' in change.value) shape[change.field] = structuredClone(change.value.const);
      else if (Object.hasOwn(shape, change.value.copy))
        shape[change.field] = structuredClone(shape[change.value.copy]);
      return;
    case 'remove':
      delete shape[change.field];
      return;
    case 'enum':
      if (has) shape[change.field] = mapped(change.map, shape[change.field]);
  }
}

/** Undoes one change on `shape` in place: the shape before its version. */
export function backward(change: DeclaredChange, shape: Shape): void {
  switch (change.kind) {
    case 'rename':
      if (!Object.hasOwn(shape, change.to)) return;
      shape[change.field] = shape[change.to];
      delete shape[change.to];
      return;
    case 'add':
      delete shape[change.field];
      return;
    case 'remove':
      return;
    case 'enum':
      if (Object.hasOwn(shape, change.field))
        shape[change.field] = mapped(invert(change.map), shape[change.field]);
  }
}

/** `value` through `map` where it is one of its own keys; any other value as is. */
const mapped = (map: Record<string, string>, value: unknown): unknown =>
  typeof value === 'string' && Object.hasOwn(map, value) ? map[value] : value;

export const invert = (map: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(map).map(([old, now]) => [now, old]));

/** The name a field the code writes as `field` has at `version`. */
export function nameAt(
  target: ShapeTarget,
  version: string,
  field: string,
  from = loadVersionRegistry(),
): string {
  let name = field;
  for (const change of changesAt(target, version, from))
    if (change.kind === 'rename' && change.field === name) name = change.to;
  return name;
}
