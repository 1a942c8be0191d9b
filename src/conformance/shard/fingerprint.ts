import { createHash } from 'node:crypto';

/**
 * A digest of `value`'s content, whatever the order of its keys (or the file's spacing): reports
 * name the profile they ran with by it, so the shards of one run can be told from others', without
 * carrying the profile's credentials.
 */
export function fingerprint(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

/** JSON with every object's keys sorted. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
