import { isRecord } from '../is-record.js';
/**
 * A schema with its `allOf` parts folded into one object, recursively, so that two ways of writing
 * the same constraints compare equal: properties merge by name, `required` lists join, and any
 * other keyword keeps the last part's value.
 */
export function mergeAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeAllOf);
  if (node === null || typeof node !== 'object') return node;
  const record = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mergeAllOf(value)]),
  ) as Record<string, unknown>;
  const parts = record.allOf;
  if (!Array.isArray(parts) || !parts.every((part) => part !== null && typeof part === 'object'))
    return record;
  const { allOf: _, ...rest } = record;
  return [...parts, rest].reduce<Record<string, unknown>>(
    (merged, part) => merge(merged, part as Record<string, unknown>),
    {},
  );
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (key === 'required' && Array.isArray(out.required) && Array.isArray(value))
      out.required = [...new Set([...out.required, ...value])];
    else if (key === 'properties' && isRecord(out.properties) && isRecord(value))
      out.properties = mergeProperties(out.properties, value);
    else out[key] = value;
  }
  return out;
}

function mergeProperties(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...a };
  for (const [name, schema] of Object.entries(b)) {
    out[name] =
      isRecord(out[name]) && isRecord(schema)
        ? merge(out[name] as Record<string, unknown>, schema)
        : schema;
  }
  return out;
}
