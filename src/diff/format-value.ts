import { isRecord } from '../is-record.js';
// A value longer than this is cut in sentences and listings: the whole of it is in `--json`.
const MAX_CHARS = 80;
const SCHEMA_KEYS = [
  'type',
  'description',
  'const',
  'properties',
  'items',
  'enum',
  '$schema',
  'allOf',
  'oneOf',
];

/**
 * A document value as a reader sees it in one line: `none` for absent, a string as it is, a schema
 * by what it admits (`string`, `"chat.message"`, `object {type, data}`), a set of properties by
 * their names, anything else as compact JSON; cut at MAX_CHARS.
 */
export function formatValue(value: unknown, key = ''): string {
  if (value === undefined) return 'none';
  return cut(key === 'properties' && isRecord(value) ? fieldNames(value) : plain(value));
}

function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && SCHEMA_KEYS.some((key) => Object.hasOwn(value, key)))
    return schemaSummary(value);
  return JSON.stringify(value);
}

function schemaSummary(schema: Record<string, unknown>): string {
  if (Object.hasOwn(schema, 'const')) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  if (isRecord(schema.properties))
    return `${schema.type ? type : 'object'} ${fieldNames(schema.properties)}`;
  if (isRecord(schema.items)) return `array of ${schemaSummary(schema.items)}`;
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

function fieldNames(properties: Record<string, unknown>): string {
  return `{${Object.keys(properties).join(', ')}}`;
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_CHARS ? `${line.slice(0, MAX_CHARS - 1)}…` : line;
}
