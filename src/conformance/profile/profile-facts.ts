import type { PlainHttpDestinations, Profile } from './profile.js';

/**
 * The plain-HTTP destinations the implementation accepts (SUB-03), as declared: format 3's
 * `plainHttpDestinations`; `localDestinations: false` of earlier formats is `none`. Undefined where
 * the profile does not say (earlier formats with `localDestinations` true or absent).
 */
export function plainHttpDestinations(profile: Profile): PlainHttpDestinations | undefined {
  if (profile.plainHttpDestinations) return profile.plainHttpDestinations;
  return profile.localDestinations === false ? 'none' : undefined;
}

/**
 * The `whsec_` secret deliveries to subscriptions made with `token` are signed with: its app's own
 * (AUTH-12: one per app), else the profile's `signingSecret`.
 */
export function signingSecretFor(profile: Profile, token: string | undefined): string {
  return appSecret(profile, profile.credentials.find((c) => c.token === token)?.app);
}

/**
 * The `whsec_` secret of `app` (AUTH-12: one per app, shared by all installs): its entry in
 * `signingSecrets`, else the profile's `signingSecret`. The app's name comes from the profile,
 * which any implementation writes, so only the map's own entries are read.
 */
export function appSecret(profile: Profile, app: string | undefined): string {
  const secrets = profile.signingSecrets ?? {};
  return app !== undefined && Object.hasOwn(secrets, app) ? secrets[app]! : profile.signingSecret;
}

/** The implementation's own lifecycle of `version` (VER-05), or undefined where not declared. */
export function lifecycleOf(
  profile: Profile,
  version: string,
): 'supported' | 'deprecated' | 'sunset' | undefined {
  const { lifecycle } = profile;
  if (!lifecycle) return undefined;
  if (lifecycle.sunset?.includes(version)) return 'sunset';
  if (lifecycle.deprecated?.includes(version)) return 'deprecated';
  return 'supported';
}

/**
 * Whether `user` is a member of the fixture chat named `chat`, as the profile declares it
 * (`fixtures.members`); undefined where it does not say.
 */
export function isMember(profile: Profile, chat: string, user: string): boolean | undefined {
  const members = profile.fixtures.members;
  if (!members || !Object.hasOwn(members, chat)) return undefined;
  return members[chat]!.includes(user);
}
