// The token response (AUTH-07).

/** The scopes of a space-separated `scope`, or undefined when it is no string. */
export function scopeSet(scope: unknown): Set<string> | undefined {
  return typeof scope === 'string' ? new Set(scope.split(' ').filter(Boolean)) : undefined;
}

/** Whether two sets of scopes hold the same scopes. */
export const sameScopes = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((s) => b.has(s));

/** The token lifetime the specification states (Authentication 7: 604800 seconds). */
const ACCESS_TOKEN_SECONDS = 604800;

/**
 * AUTH-07: how a token response's fields differ from the shape stated (`access_token` string,
 * `token_type` `Bearer`, `expires_in` 604800, `refresh_token` string, `scope` a space-separated
 * string); a refresh's answer may leave `refresh_token` out (AUTH-08: "typically a rotated
 * refresh_token"). The tokens' formats are free.
 */
export function tokenFieldProblems(body: any, { refreshed = false } = {}): string[] {
  const problems: string[] = [];
  const seen = (field: string) => `${field} is ${JSON.stringify(body?.[field]) ?? 'missing'}`;
  if (typeof body?.access_token !== 'string' || body.access_token === '')
    problems.push('access_token is no string');
  if (body?.token_type !== 'Bearer') problems.push(`${seen('token_type')}, not "Bearer"`);
  if (body?.expires_in !== ACCESS_TOKEN_SECONDS)
    problems.push(`${seen('expires_in')}, not ${ACCESS_TOKEN_SECONDS}`);
  const refresh = body?.refresh_token;
  if (!(typeof refresh === 'string' && refresh !== '') && !(refreshed && refresh === undefined))
    problems.push(
      refresh === undefined ? 'refresh_token is missing' : 'refresh_token is no string',
    );
  if (typeof body?.scope !== 'string') problems.push(`${seen('scope')}, not a string`);
  return problems;
}
