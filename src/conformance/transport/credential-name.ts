import type { Profile } from '../profile/profile.js';

/**
 * What a bearer token a report hides as `$TOKEN` stands for, in the profile's terms (#33): a
 * replay with another credential would test another access model or, without `Service-Version`,
 * another version (its pin). Undefined when no token was sent.
 */
export function credentialName(profile: Profile, token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const index = profile.credentials.findIndex((c) => c.token === token);
  if (index < 0)
    return 'a token the suite obtained during the run (an OAuth grant), not one of the profile';
  const { kind, access, pin, revoked } = profile.credentials[index]!;
  const pinned = pin === null ? 'no pin' : `pinned to ${pin}`;
  return `credentials[${index}] of the profile (${kind}, ${access}, ${pinned}${revoked ? ', revoked' : ''})`;
}

/** The bearer token of an `authorization` header, if it carries one. */
export const bearerOf = (authorization: string | undefined): string | undefined =>
  authorization === undefined ? undefined : /^Bearer (.+)$/i.exec(authorization)?.[1];
