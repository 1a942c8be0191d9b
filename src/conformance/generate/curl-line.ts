import type { GeneratedCase } from './generated-case.js';

/**
 * A `curl` command that sends `request` again, each argument quoted for a POSIX shell (a reported
 * case shows the profile's credentials as `$TOKEN` already: hide-credentials.ts).
 */
export function curlLine(baseUrl: string, request: GeneratedCase): string {
  const parts = ['curl', '-i', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers))
    parts.push('-H', quote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body));
  parts.push(quote(`${baseUrl}${request.path}`));
  return parts.join(' ');
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
