import { forward } from '../../../src/version-changes/apply.ts';
import { declaredChanges } from '../../../src/version-changes/instruction.ts';
import { declaredShapeName, rewriting } from '../declared-shape-hooks.ts';
import type { Variation } from '../variation-catalogue.ts';

/**
 * The additive forms of each declared shape change (openapi/versions.yaml, `instructions`), which
 * VER-07 leaves open: a renamed field sent under its old name too, from the change on; an added
 * field sent before its version too. Derived, so a declared change brings its allowed variation.
 */
export const DECLARED_SHAPE_VARIATIONS: Variation[] = declaredChanges().flatMap(
  (change): Variation[] => {
    const requirements = ['VER-01', ...change.requirements];
    if (change.kind === 'rename')
      return [
        {
          id: `${declaredShapeName(change)}-both-names`,
          choice: `\`${change.field}\` sent beside \`${change.to}\` from ${change.version}: an unknown field to a client of the version (VER-07)`,
          requirements,
          hooks: () =>
            rewriting(change, (fields) => {
              if (Object.hasOwn(fields, change.to)) fields[change.field] = fields[change.to];
            }),
        },
      ];
    if (change.kind === 'add')
      return [
        {
          id: `${declaredShapeName(change)}-sent-early`,
          choice: `\`${change.field}\` sent before ${change.version} too: an unknown field to a client of an earlier version (VER-07)`,
          requirements,
          hooks: () => rewriting(change, (fields) => forward(change, fields)),
        },
      ];
    return [];
  },
);
