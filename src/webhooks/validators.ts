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

interface Loaded {
  validators: EventValidators;
  /** The same validators for the lookup of each delivery: a Map holds only what was put in it. */
  byEvent: Map<string, CompiledValidator>;
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, Loaded>();

/**
 * The precompiled payload validators of one version, by event name; undefined for an unknown
 * version.
 */
export function webhookValidators(version: string): EventValidators | undefined {
  return load(version)?.validators;
}

/** The validator of one event of one version; undefined for an unknown version or event. */
export function webhookValidator(version: string, event: string): CompiledValidator | undefined {
  return load(version)?.byEvent.get(event);
}

function load(version: string): Loaded | undefined {
  const cached = loaded.get(version);
  if (cached) return cached;
  // Checked before it becomes part of a path: a version is `v0` or a date, nothing else.
  if (typeof version !== 'string' || !/^(v0|\d{4}-\d{2}-\d{2})$/.test(version)) return undefined;
  const file = join(
    PROJECT_ROOT,
    'generated',
    generatedNames(version === 'v0' ? 'v0' : `v1@${version}`).validators,
  );
  if (!existsSync(file)) return undefined;
  const byEvent = new Map<string, CompiledValidator>();
  // Only the module's own exported functions: nothing it inherits.
  for (const [event, validate] of Object.entries(require(file) as Record<string, unknown>)) {
    if (typeof validate === 'function') byEvent.set(event, validate as CompiledValidator);
  }
  const validators: Record<string, CompiledValidator> = Object.create(null);
  for (const [event, validate] of byEvent) validators[event] = validate;
  const entry = { validators: Object.freeze(validators), byEvent };
  loaded.set(version, entry);
  return entry;
}
