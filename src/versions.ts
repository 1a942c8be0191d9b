import { readFileSync } from 'node:fs';
import type { VersionGateId } from '../generated/types/index.js';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

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

/** The dated version that introduced `gate` (openapi/versions.yaml, `gates`). */
export function gateVersion(gate: VersionGateId, from = loadVersionRegistry()): string {
  const entry = from.versions.find((v) => v.gates.some((g) => g.id === gate));
  // The type lists the registry's gates: a name it does not know cannot be asked.
  if (!entry) throw new Error(`no version of the registry introduces the gate "${gate}"`);
  return entry.version;
}

/**
 * Whether the behaviour `gate` holds at `version`: from the version that introduced it on; never
 * at `v0`, which is outside the dated scheme (VER-06). The one way code asks how a version
 * behaves, so a version change is named once, in the registry.
 */
export function since(version: string, gate: VersionGateId, from = loadVersionRegistry()): boolean {
  if (version === 'v0') return false;
  const versions = listVersions(from);
  const at = versions.indexOf(version);
  return at >= 0 && at >= versions.indexOf(gateVersion(gate, from));
}
