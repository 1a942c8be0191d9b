import type { GeneratedCase } from './generated-case.js';
import { hideCredentials } from './hide-credentials.js';

/**
 * A `curl` command that sends `request` again, each argument quoted for a POSIX shell; each of
 * `hidden` (the profile's credentials, where the line goes into a message) shown as `$TOKEN`.
 */
export function curlLine(
  baseUrl: string,
  request: GeneratedCase,
  hidden: readonly string[] = [],
): string {
  const parts = ['curl', '-i', '-X', request.method];
  for (const [name, value] of Object.entries(hideCredentials(request, hidden).headers))
    parts.push('-H', quote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body));
  parts.push(quote(`${baseUrl}${request.path}`));
  return parts.join(' ');
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
