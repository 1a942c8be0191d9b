// version-changes/: the shape changes a dated version declares in openapi/versions.yaml, as data,
// and what every consumer derives from them (the documents, the reference server, the samples,
// the checks, the faults).

/** Where a declared change applies: a webhook's payload (its `data` once enveloped) or a v1 path's 2xx JSON answer. */
export type ShapeTarget =
  { webhook: string; path?: undefined } | { path: string; webhook?: undefined };

/** What every instruction says besides its kind. */
interface InstructionBase {
  /** The top-level field the instruction changes, by its name before the version. */
  field: string;
  requirements: string[];
  /** One sentence for the changelog. */
  summary: string;
}

/** A field renamed from the version on: `field` before it, `to` from it. */
export interface RenameInstruction extends InstructionBase {
  kind: 'rename';
  to: string;
}

/** A field that exists from the version on, its value a copy of another field or a constant. */
export interface AddInstruction extends InstructionBase {
  kind: 'add';
  /** Its JSON Schema in the version's document. */
  schema: Record<string, unknown>;
  value: { copy: string } | { const: unknown };
  /** Whether it may be absent; by default it is required. */
  optional?: boolean;
}

/** A field that is no longer sent from the version on. */
export interface RemoveInstruction extends InstructionBase {
  kind: 'remove';
}

/** Enum values renamed from the version on, old to new. */
export interface EnumInstruction extends InstructionBase {
  kind: 'enum';
  map: Record<string, string>;
}

export type ShapeInstruction = ShapeTarget &
  (RenameInstruction | AddInstruction | RemoveInstruction | EnumInstruction);

/** An instruction with the version that declared it. */
export type DeclaredChange = ShapeInstruction & { version: string };
