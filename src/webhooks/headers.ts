/** Headers as Node's `http`, the fetch API or a plain JSON object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** One header by name, compared case-insensitively (HTTP header names are); the first if repeated. */
export function getHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
