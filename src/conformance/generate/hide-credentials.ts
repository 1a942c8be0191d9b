import type { GeneratedCase } from './generated-case.js';

/**
 * `request` as a report carries it: each of `hidden` (the profile's credentials) sent as a bearer
 * token shown as `$TOKEN`, so a report or a `curl` line names no credential; what the phase made
 * up (an unknown token, say) stays, since the case is about it. The seed and path replay the case
 * with the real credential.
 */
export function hideCredentials(request: GeneratedCase, hidden: readonly string[]): GeneratedCase {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, hide(value, hidden)]),
  );
  return { ...request, headers };
}

function hide(value: string, hidden: readonly string[]): string {
  const bearer = /^Bearer (.+)$/i.exec(value)?.[1];
  return bearer !== undefined && hidden.includes(bearer) ? 'Bearer $TOKEN' : value;
}
