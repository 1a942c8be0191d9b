import type { VersionRegistry } from '../../src/versions.ts';
import type { ShapeInstruction } from '../../src/version-changes/instruction.ts';

/** A registry of three versions whose second and third declare `instructions`, for the tables. */
export function registryWith(
  second: ShapeInstruction[],
  third: ShapeInstruction[] = [],
): VersionRegistry {
  const entry = (version: string, instructions: ShapeInstruction[]) => ({
    version,
    status: 'supported' as const,
    sunset: null,
    summary: version,
    requirements: [],
    breaking: false,
    changes: [],
    gates: [],
    instructions,
  });
  return {
    baseline: '2030-01-01',
    latest: '2030-03-01',
    versions: [entry('2030-01-01', []), entry('2030-02-01', second), entry('2030-03-01', third)],
  };
}

const base = { requirements: ['EPH-01'], summary: 'a change' };
export const RENAME: ShapeInstruction = {
  ...base,
  kind: 'rename',
  path: '/x',
  field: 'old',
  to: 'new',
};
export const ADD: ShapeInstruction = {
  ...base,
  kind: 'add',
  path: '/x',
  field: 'count',
  schema: { type: 'integer' },
  value: { copy: 'n' },
};
export const REMOVE: ShapeInstruction = { ...base, kind: 'remove', path: '/x', field: 'gone' };
export const ENUM: ShapeInstruction = {
  ...base,
  kind: 'enum',
  path: '/x',
  field: 'kind',
  map: { dm: 'direct' },
};
