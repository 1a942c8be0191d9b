import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { generatedNames } from '../documents.js';
import { PROJECT_ROOT } from '../project-root.js';

/** A precompiled ajv validator, as `npm run build` writes them. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, Record<string, CompiledValidator>>();

/** The precompiled payload validators of one version, by event name; undefined for an unknown version. */
export function webhookValidators(version: string): Record<string, CompiledValidator> | undefined {
  const cached = loaded.get(version);
  if (cached) return cached;
  // Checked before it becomes part of a path: a version is `v0` or a date, nothing else.
  if (!/^(v0|\d{4}-\d{2}-\d{2})$/.test(version)) return undefined;
  const file = join(PROJECT_ROOT, 'generated', generatedNames(version === 'v0' ? 'v0' : `v1@${version}`).validators);
  if (!existsSync(file)) return undefined;
  const validators = require(file) as Record<string, CompiledValidator>;
  loaded.set(version, validators);
  return validators;
}

