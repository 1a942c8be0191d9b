import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './project-root.ts';

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

/** Reads openapi/versions.yaml, the registry of dated /v1 versions (VER-01). */
export function loadVersionRegistry(root = PROJECT_ROOT): VersionRegistry {
  return parse(readFileSync(join(root, 'openapi', 'versions.yaml'), 'utf8')) as VersionRegistry;
}

/** The dated versions, oldest first. */
export function listVersions(registry = loadVersionRegistry()): string[] {
  return registry.versions.map((entry) => entry.version);
}
