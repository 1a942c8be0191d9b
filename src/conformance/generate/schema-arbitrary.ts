import fc from 'fast-check';
import { mergeAllOf } from '../../diff/merge-all-of.js';
import { urlArbitrary } from './url-arbitrary.js';

/** Bounds on what is generated: every string, list and nesting is short. */
const MAX_STRING = 24;
const MAX_ITEMS = 3;
const MAX_DEPTH = 3;
/** The largest byte limit (`x-max-bytes`) a string is generated past. */
export const MAX_OVER_LIMIT = 64 * 1024;

/** Values to mix in for fields of these names, so some requests reach past the "not found" rules. */
export type Hints = ReadonlyMap<string, fc.Arbitrary<unknown>>;

/**
 * Values a JSON Schema (dereferenced, `allOf` folded) describes, bounded in length, size and depth.
 * Optional properties come and go independently, so many combinations of optional keys are sent.
 * Where the schema says little (no `type`), any small JSON value.
 */
export function arbitraryOf(
  schema: unknown,
  hints: Hints = new Map(),
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return anyJson();
  if (schema === null || typeof schema !== 'object') return fc.constant(undefined);
  const node = mergeAllOf(schema) as Record<string, any>;
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum) && node.enum.length) return fc.constantFrom(...node.enum);
  const alternatives = node.oneOf ?? node.anyOf;
  if (Array.isArray(alternatives) && alternatives.length)
    return fc.oneof(...alternatives.map((a: unknown) => arbitraryOf(a, hints, depth + 1)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (depth >= MAX_DEPTH && (type === 'object' || type === 'array')) return fc.constant({});
  switch (type) {
    case 'string':
      return stringOf(node);
    case 'integer':
      return fc.integer({ min: node.minimum ?? -1_000_000, max: node.maximum ?? 2_000_000_000 });
    case 'number':
      return fc.double({ min: node.minimum ?? -1e6, max: node.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(node.items, hints, depth + 1), {
        minLength: Math.min(node.minItems ?? 0, MAX_ITEMS),
        maxLength: Math.min(node.maxItems ?? MAX_ITEMS, MAX_ITEMS),
      });
    case 'object':
      return objectOf(node, hints, depth);
    default:
      return node.properties ? objectOf(node, hints, depth) : anyJson();
  }
}

function objectOf(node: Record<string, any>, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  if (names.length === 0) return fc.constant({});
  const required = new Set<string>((node.required ?? []) as string[]);
  const model = Object.fromEntries(
    names.map((name) => {
      const own = arbitraryOf(properties[name], hints, depth + 1);
      const hint = hints.get(name);
      // The profile's own data three times in four: it reaches past the "not found" rules.
      return [
        name,
        hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: own, weight: 1 }) : own,
      ];
    }),
  );
  return fc.record(model, { requiredKeys: names.filter((n) => required.has(n)) });
}

function stringOf(node: Record<string, any>): fc.Arbitrary<string> {
  // EPH-03: a byte limit is not a `maxLength`; SUB-03: a URL's `maxLength`. The schema alone never
  // goes past either, and the spec has an answer for a string that does: sometimes send one.
  const [limit, key] =
    typeof node['x-max-bytes'] === 'number'
      ? [node['x-max-bytes'] as number, 'x-max-bytes']
      : [node.maxLength as unknown, 'maxLength'];
  if (typeof limit === 'number' && limit < MAX_OVER_LIMIT)
    return fc.oneof(
      { arbitrary: stringOf({ ...node, [key]: undefined }), weight: 8 },
      { arbitrary: pastLimit(limit, node.format), weight: 1 },
    );
  if (node.format === 'uuid') return fc.uuid();
  if (node.format === 'date-time') return dateTime();
  if (node.format === 'uri' || node.format === 'url') return urlArbitrary();
  const minLength = Math.min(node.minLength ?? 0, MAX_STRING);
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? MAX_STRING, MAX_STRING));
  if (typeof node.pattern === 'string') return patterned(node.pattern, minLength, maxLength);
  return fc.string({ minLength, maxLength });
}

/** A string a little longer than `limit`: a URL where the format is one. */
export function pastLimit(limit: number, format: unknown): fc.Arbitrary<string> {
  const prefix = format === 'uri' || format === 'url' ? 'https://hooks.example.com/' : '';
  return fc
    .integer({ min: limit + 1, max: limit + 64 })
    .map((n) => `${prefix}${'x'.repeat(Math.max(0, n - prefix.length))}`);
}

/** Strings of a pattern, kept to the length bounds; a pattern fast-check cannot read gives text. */
function patterned(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc
      .stringMatching(new RegExp(pattern), { size: 'xsmall' })
      .filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, 64));
  } catch {
    return fc.string({ minLength, maxLength });
  }
}

const dateTime = () =>
  fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => d.toISOString());

const anyJson = () => fc.jsonValue({ maxDepth: 2 }).filter((v) => JSON.stringify(v).length < 200);
