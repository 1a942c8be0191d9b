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

/**
 * The validators of one version by event name, in an object without a prototype: event names come
 * from deliveries, and a module's `exports` inherits `constructor`, `hasOwnProperty` and the rest
 * of `Object.prototype`, which an indexed lookup would take for events (DLV-12).
 */
export type EventValidators = Readonly<Record<string, CompiledValidator>>;

const require = createRequire(import.meta.url);
const loaded = new Map<string, EventValidators>();

/** The precompiled payload validators of one version, by event name; undefined for an unknown version. */
export function webhookValidators(version: string): EventValidators | undefined {
  const cached = loaded.get(version);
  if (cached) return cached;
  // Checked before it becomes part of a path: a version is `v0` or a date, nothing else.
  if (typeof version !== 'string' || !/^(v0|\d{4}-\d{2}-\d{2})$/.test(version)) return undefined;
  const file = join(PROJECT_ROOT, 'generated', generatedNames(version === 'v0' ? 'v0' : `v1@${version}`).validators);
  if (!existsSync(file)) return undefined;
  const validators = byEvent(require(file) as Record<string, unknown>);
  loaded.set(version, validators);
  return validators;
}

/** The validator of one event of one version; undefined for an unknown version or event. */
export function webhookValidator(version: string, event: string): CompiledValidator | undefined {
  const validators = webhookValidators(version);
  if (!validators || typeof event !== 'string' || !Object.hasOwn(validators, event)) return undefined;
  return validators[event];
}

/** The module's own exported functions, copied into a frozen object with no prototype. */
function byEvent(exported: Record<string, unknown>): EventValidators {
  const validators: Record<string, CompiledValidator> = Object.create(null);
  for (const [event, validate] of Object.entries(exported)) {
    if (typeof validate === 'function') validators[event] = validate as CompiledValidator;
  }
  return Object.freeze(validators);
}
