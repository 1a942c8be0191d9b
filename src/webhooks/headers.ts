/** Headers as Node's `http`, the fetch API or a plain JSON object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** One header by name, compared case-insensitively (HTTP header names are); the first if repeated. */
export function getHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  // Callers mostly write names as documented and Node's http gives them lowercase: look those up
  // directly before scanning every name (this runs several times per delivery).
  const direct = headers[name];
  if (direct !== undefined) return first(direct);
  for (const key in headers) {
    if (headers[key] !== undefined && sameName(key, name)) return first(headers[key]);
  }
  return undefined;
}

/** ASCII case-insensitive equality of two header names, without making lowercase copies. */
function sameName(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && (x | 0x20) !== (y | 0x20)) return false;
    // Only letters may differ in case: `|0x20` also equates pairs such as '@' and '`'.
    if (x !== y && !((x | 0x20) >= 97 && (x | 0x20) <= 122)) return false;
  }
  return true;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

