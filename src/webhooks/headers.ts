/** Headers as Node's `http`, the fetch API or a plain JSON object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** One header by name, compared case-insensitively (HTTP header names are); the first if repeated. */
export function getHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  // Callers mostly write names as documented and Node's http gives them lowercase: look those up
  // directly before scanning every name (this runs several times per delivery).
  const direct = headers[name] ?? headers[name.toLowerCase()];
  if (direct !== undefined) return first(direct);
  const wanted = name.toLowerCase();
  for (const key in headers) {
    // Lengths first: most names cannot match, and comparing them costs no string.
    if (key.length === wanted.length && key.toLowerCase() === wanted && headers[key] !== undefined) return first(headers[key]);
  }
  return undefined;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

