import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

let version: string | undefined;

/**
 * The package's version, as its package.json says (read once, beside the module): reports carry it,
 * so shards of different installs are not merged.
 */
export function suiteVersion(): string {
  version ??= (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  return version;
}
