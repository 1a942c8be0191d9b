import { createHash } from 'node:crypto';

/**
 * A digest of `value`'s content, whatever the order of its keys (or the file's spacing), but for
 * the addresses and ports in its URLs: reports name the profile they ran with by it, so the shards
 * of one run can be told from others', without carrying the profile's credentials; and shards that
 * each test their own instance of one implementation (the same profile on another port or host)
 * are still one run.
 */
export function fingerprint(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

/** An absolute URL's scheme and authority (`http://127.0.0.1:4701`): what differs per instance. */
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/[^/?#]*/i;

/** `text` with the address and port of an absolute URL in it left out (`http://<address>/v1`). */
export const withoutAddress = (text: string) => text.replace(ORIGIN, '$1://<address>');

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
  if (typeof value === 'string') return JSON.stringify(withoutAddress(value));
  return JSON.stringify(value) ?? 'null';
}
