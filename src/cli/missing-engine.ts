import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import type { CommandEntry } from './commands/index.js';

/**
 * The one line to print when a command's module failed to load because an optional engine is not
 * installed, naming the packages and the versions this package was tested with; undefined when
 * the failure was something else.
 */
export function missingEngineMessage(entry: CommandEntry, error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' || typeof message !== 'string') return undefined;
  const engines = entry.engines ?? [];
  const missing = engines.find(
    (name) => message.includes(`'${name}'`) || message.includes(`'${name}/`),
  );
  if (!missing) return undefined;
  const ranges = peerRanges();
  const install = engines
    .map((name) => (ranges.has(name) ? `${name}@${ranges.get(name)}` : name))
    .join(' ');
  return `service-contract ${entry.name} needs ${missing}, an optional dependency that is not installed: npm install ${install}`;
}

function peerRanges(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return new Map(Object.entries(manifest.peerDependencies ?? {}));
}
