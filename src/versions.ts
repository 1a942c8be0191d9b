import { readFileSync } from 'node:fs';
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
