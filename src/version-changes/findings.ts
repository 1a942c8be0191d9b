import { loadVersionRegistry } from '../versions.js';
import { invert } from './apply.js';
import { type DeclaredChange, type ShapeTarget, changesOf, holdsAt } from './instruction.js';

/** How a shape differs from what a declared change makes it at one version. */
export interface ShapeFinding {
  change: DeclaredChange;
  message: string;
  /** The field the finding is about, by the name it has from the change on. */
  field: string;
}

const code = (name: string) => `\`${name}\``;

/**
 * Where `shape` (an answer's body, or a payload's business fields) at `version` keeps the form a
 * declared change replaced, or shows the form before its version. Not judged, as the
 * specification leaves them open (VER-07): a renamed field sent under both names, an added field
 * sent before its version, a removed field absent before its version.
 */
export function shapeFindings(
  target: ShapeTarget,
  version: string,
  shape: Record<string, unknown>,
  from = loadVersionRegistry(),
): ShapeFinding[] {
  if (version === 'v0') return [];
  return changesOf(target, from).flatMap((change) => {
    const message = holdsAt(change, version, from) ? after(change, shape) : before(change, shape);
    if (!message) return [];
    const field = change.kind === 'rename' ? change.to : change.field;
    return [{ change, message: `${message} (${change.summary})`, field }];
  });
}

function after(change: DeclaredChange, shape: Record<string, unknown>): string | undefined {
  const has = (name: string) => Object.hasOwn(shape, name);
  const since = `from ${change.version}`;
  switch (change.kind) {
    case 'rename':
      return has(change.field) && !has(change.to)
        ? `carries ${code(change.field)}, named ${code(change.to)} ${since}`
        : undefined;
    case 'add': {
      const expected = !change.optional && ('const' in change.value || has(change.value.copy));
      return expected && !has(change.field)
        ? `lacks ${code(change.field)}, sent ${since}`
        : undefined;
    }
    case 'remove':
      return has(change.field)
        ? `carries ${code(change.field)}, no longer sent ${since}`
        : undefined;
    case 'enum': {
      const value = shape[change.field];
      return typeof value === 'string' && Object.hasOwn(change.map, value)
        ? `says ${code(change.field)}: ${code(value)}, which is ${code(change.map[value]!)} ${since}`
        : undefined;
    }
  }
}

function before(change: DeclaredChange, shape: Record<string, unknown>): string | undefined {
  const has = (name: string) => Object.hasOwn(shape, name);
  const until = `before ${change.version}`;
  switch (change.kind) {
    case 'rename':
      return has(change.to) && !has(change.field)
        ? `carries ${code(change.to)}, named ${code(change.field)} ${until}`
        : undefined;
    case 'enum': {
      const old = invert(change.map);
      const value = shape[change.field];
      return typeof value === 'string' && Object.hasOwn(old, value)
        ? `says ${code(change.field)}: ${code(value)}, which is ${code(old[value]!)} ${until}`
        : undefined;
    }
    default:
      return undefined;
  }
}
