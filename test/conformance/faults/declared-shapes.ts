import { backward, forward } from '../../../src/version-changes/apply.ts';
import {
  type DeclaredChange,
  declaredChanges,
  holdsAt,
} from '../../../src/version-changes/instruction.ts';
import type { Fault } from '../fault-catalogue.ts';
import { declaredShapeName, rewriting } from '../declared-shape-hooks.ts';
import { type WebhookVersion, isEnveloped } from '../../../src/webhooks/versions.ts';

type Fields = Record<string, unknown>;

/**
 * The old form where the change holds: undone, and a removed field sent all the same (undoing a
 * removal cannot bring its value back, and any value shows the old form).
 */
const oldForm = (change: DeclaredChange) => (fields: Fields) => {
  if (change.kind === 'remove') fields[change.field] = 'sent after its removal';
  else backward(change, fields);
};
/** The new form before the change's version. */
const newForm = (change: DeclaredChange) => (fields: Fields) => forward(change, fields);

/**
 * One fault per form a declared change gives (openapi/versions.yaml, `instructions`): the old form
 * at every version from the change on, and, where the earlier form is judged (a rename, an enum),
 * the new form at the version just before it. Derived, so a declared change brings its faults.
 */
function declaredShapeFaults(changes = declaredChanges()): Fault[] {
  return changes.flatMap((change): Fault[] => {
    const requirement = change.requirements[0]!;
    const after: Fault = {
      id: `${declaredShapeName(change)}-old-form-after`,
      requirement,
      versions: (all) => all.filter((v) => holdsAt(change, v)),
      hooks: () => rewriting(change, oldForm(change)),
    };
    if (change.kind !== 'rename' && change.kind !== 'enum') return [after];
    const before: Fault = {
      id: `${declaredShapeName(change)}-new-form-before`,
      requirement,
      versions: (all) => {
        const previous = all[all.indexOf(change.version) - 1];
        // A bare payload does not name its event: the fault would find none to rewrite.
        const shows =
          change.path !== undefined || (previous && isEnveloped(previous as WebhookVersion));
        return previous && shows ? [previous] : [];
      },
      hooks: () => rewriting(change, newForm(change)),
    };
    return [after, before];
  });
}

/** The faults of the changes the registry declares; listed in FAULTS by fault-catalogue.ts. */
export const DECLARED_SHAPE_FAULTS: Fault[] = declaredShapeFaults();
