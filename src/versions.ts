import { readFileSync } from 'node:fs';
import type { VersionGateId } from '../generated/types/index.js';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';
import type { ShapeInstruction } from './version-changes/shape-instruction.js';

export type VersionStatus = 'supported' | 'deprecated' | 'sunset';

/** A path item or webhook whose document changed in a version, and why. */
export type VersionChange =
  | { path: string; webhook?: undefined; requirements: string[] }
  | { webhook: string; path?: undefined; requirements: string[] };

export interface VersionEntry {
  version: string;
  status: VersionStatus;
  sunset: string | null;
  summary: string;
  requirements: string[];
  breaking: boolean;
  changes: VersionChange[];
  /** The behaviour this version introduced, by name: it holds from this version on. */
  gates: VersionGate[];
  /** The shape changes this version made, as data every consumer derives from (src/version-changes/). */
  instructions?: ShapeInstruction[];
}

/** A behaviour a version introduced, as `since(version, id)` asks about it. */
export interface VersionGate {
  id: VersionGateId;
  requirements: string[];
  /** One sentence for the changelog. */
  summary: string;
}

export interface VersionRegistry {
  baseline: string;
  latest: string;
  versions: VersionEntry[];
}

let registry: VersionRegistry | undefined;

/**
 * The registry of dated /v1 versions (VER-01), as the build shipped it in generated/versions.json:
 * read once, relative to this package, never from the working directory. Frozen, since every
 * caller shares it: clone it to change it.
 */
export function loadVersionRegistry(): VersionRegistry {
  registry ??= deepFreeze(
    JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'generated', 'versions.json'), 'utf8'),
    ) as VersionRegistry,
  );
  return registry;
}

/** The dated versions, oldest first. */
export function listVersions(from = loadVersionRegistry()): string[] {
  return from.versions.map((entry) => entry.version);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object')
    for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** Each version's place, oldest first, and the place of the version that introduced each gate. */
interface RegistryIndex {
  places: Map<string, number>;
  gates: Map<string, number>;
}

/**
 * The index of a registry, built once per registry: registries are frozen, so it cannot go stale,
 * and `since()` is asked per delivery by the reference server.
 */
const indexes = new WeakMap<VersionRegistry, RegistryIndex>();

function indexOf(from: VersionRegistry): RegistryIndex {
  let index = indexes.get(from);
  if (index) return index;
  index = { places: new Map(), gates: new Map() };
  from.versions.forEach((entry, place) => {
    index!.places.set(entry.version, place);
    for (const gate of entry.gates)
      if (!index!.gates.has(gate.id)) index!.gates.set(gate.id, place);
  });
  if (Object.isFrozen(from)) indexes.set(from, index);
  return index;
}

/** The place of `version` in `from`, oldest first; -1 for a version it does not list. */
export function versionPlace(version: string, from = loadVersionRegistry()): number {
  return indexOf(from).places.get(version) ?? -1;
}

/** The place in `from` of the version that introduced `gate`; throws for a gate it does not hold. */
function gatePlace(gate: VersionGateId, from: VersionRegistry): number {
  const place = indexOf(from).gates.get(gate);
  // The type lists the registry's gates: a name it does not know cannot be asked.
  if (place === undefined)
    throw new Error(`no version of the registry introduces the gate "${gate}"`);
  return place;
}

/** The dated version that introduced `gate` (openapi/versions.yaml, `gates`). */
export function gateVersion(gate: VersionGateId, from = loadVersionRegistry()): string {
  return from.versions[gatePlace(gate, from)]!.version;
}

/**
 * Whether the behaviour `gate` holds at `version`: from the version that introduced it on; never
 * at `v0`, which is outside the dated scheme (VER-06). The one way code asks how a version
 * behaves, so a version change is named once, in the registry.
 */
export function since(version: string, gate: VersionGateId, from = loadVersionRegistry()): boolean {
  if (version === 'v0') return false;
  const at = indexOf(from).places.get(version);
  return at !== undefined && at >= gatePlace(gate, from);
}
