import type { VersionGateId } from '../../generated/types/index.ts';
import { since } from '../../src/versions.ts';

// Where a fault runs (Fault.versions): the versions on one side of a gate of the registry, so a
// fault of a version-dependent behaviour runs wherever that behaviour exists, whichever versions
// the registry holds.

/** The versions from the one that introduced `gate` on (openapi/versions.yaml). */
export const fromGate =
  (gate: VersionGateId) =>
  (all: readonly string[]): string[] =>
    all.filter((v) => since(v, gate));
/** The versions before `gate`. */
export const beforeGate =
  (gate: VersionGateId) =>
  (all: readonly string[]): string[] =>
    all.filter((v) => !since(v, gate));
/** One version. */
export const only = (version: string) => (): string[] => [version];
