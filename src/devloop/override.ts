import type { WebhookVersion } from '../webhooks/versions.js';
import { schemaDeclares } from './schema-declares.js';

/** The most `--override`s one command takes, and the deepest path one names. */
export const MAX_OVERRIDES = 64;
const MAX_DEPTH = 32;

/** One `--override <pointer>=<value>`, read. */
export interface Override {
  pointer: string;
  segments: string[];
  value: unknown;
}

/**
 * Reads `<pointer>=<value>`: the pointer is an RFC 6901 JSON Pointer into the payload
 * (`/data/chatType`, `/reactions/0/code`; `~1` for `/` and `~0` for `~` in a name), the same
 * form the schema diagnostics use for locations. The value is JSON when it parses as JSON
 * (`3`, `true`, `null`, `{"a":1}`, `"3"` for the string) and a string otherwise.
 */
export function parseOverride(text: string): Override | { problem: string } {
  const equals = text.indexOf('=');
  if (equals === -1) return { problem: `--override "${text}" is not <pointer>=<value>` };
  const pointer = text.slice(0, equals);
  if (!pointer.startsWith('/'))
    return { problem: `--override path "${pointer}" is a JSON Pointer: it starts with /` };
  const segments = pointer.slice(1).split('/').map(decode);
  if (segments.length > MAX_DEPTH)
    return { problem: `--override path "${pointer}" is deeper than ${MAX_DEPTH}` };
  return { pointer, segments, value: jsonOrText(text.slice(equals + 1)) };
}

/**
 * Sets one field of `payload` (changed in place): the parent must exist, and the field too
 * unless the event's schema names it. Returns why not, or undefined when it was set.
 */
export function applyOverride(
  payload: unknown,
  override: Override,
  target: { version: WebhookVersion; event: string },
): string | undefined {
  const parentPath = override.segments.slice(0, -1);
  const key = override.segments.at(-1)!;
  let parent = payload;
  for (const [depth, segment] of parentPath.entries()) {
    if (!isContainer(parent) || !Object.hasOwn(parent, segment))
      return `--override ${override.pointer}: /${parentPath.slice(0, depth + 1).join('/')} is not in the payload`;
    parent = (parent as Record<string, unknown>)[segment];
  }
  if (!isContainer(parent))
    return `--override ${override.pointer}: its parent is not an object or array`;
  if (Array.isArray(parent) && !(/^\d+$/.test(key) && Number(key) < parent.length))
    return `--override ${override.pointer}: index ${key} is not in the array (${parent.length} items)`;
  if (
    !Object.hasOwn(parent, key) &&
    !schemaDeclares(target.version, target.event, override.segments)
  )
    return `--override ${override.pointer}: the payload has no such field and the ${target.event} schema (${target.version}) does not name one`;
  // defineProperty, not assignment: a key such as __proto__ becomes a field, not a prototype.
  Object.defineProperty(parent, key, {
    value: override.value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return undefined;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function decode(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
