const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * SUB-03: a destination is at most 1024 characters and HTTPS, except to a loopback host, which is
 * this server's "local environment". Undefined when it is acceptable, else why not.
 */
export function destinationProblem(url: string): string | undefined {
  if (url.length > 1024) return 'url is over 1024 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url is not an absolute URL';
  }
  if (parsed.protocol === 'https:') return undefined;
  return parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname) ? undefined : 'url must be HTTPS outside local environments';
}
