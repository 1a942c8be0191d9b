import type { Skip } from './check.js';
import type { CheckContext } from './context.js';

export interface Need {
  /** The operation the check exercises, as the profile's `implements` lists it. */
  operation?: string;
  pin?: string | null;
  scopes?: string[];
}

/** A credential for a check, or why the check cannot run against this profile. */
export function needCredential(
  { profile, credential }: CheckContext,
  { operation, pin, scopes = [] }: Need,
): { token: string } | Skip {
  if (operation && !profile.implements.includes(operation))
    return { skip: 'not_applicable', reason: `${operation} is not implemented` };
  const token = credential({ pin, scopes });
  if (token) return { token };
  const pinned = pin === undefined ? '' : pin === null ? ' without a pin' : ` pinned to ${pin}`;
  return {
    skip: 'not_testable',
    reason: `the profile has no organization credential${pinned} with ${scopes.join(', ') || 'no scopes'}`,
  };
}
