/**
 * The URL of an origin-form request-target (RFC 9112 3.2.1: `/path?query`), or undefined for
 * anything else a client may send (`\`, `//host/path`, `*`, an absolute URL), which `new URL`
 * would either throw on or read as another host.
 */
export function requestTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    return new URL(target, 'http://service.invalid');
  } catch {
    return undefined;
  }
}
