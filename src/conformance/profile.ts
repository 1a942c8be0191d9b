import type { TimeScale } from '../time-scale.js';

/** The profile formats a run reads; the last is the one written. */
export const PROFILE_FORMATS = [
  'service-contract/profile@1',
  'service-contract/profile@2',
] as const;

/** A subscription configured statically, outside the subscribe endpoint (SUB-07). */
export interface StaticSubscription {
  /** The event name, v1 vocabulary. */
  event: string;
  url: string;
}

/**
 * What a conformance run needs to know about an implementation (docs/conformance-profile.md).
 * Format 2 adds `staticSubscriptions`; format 1 is still read. Fields a run does not know are
 * ignored, so later fields do not break older runs.
 */
export interface Profile {
  format: (typeof PROFILE_FORMATS)[number];
  baseUrl: string;
  authUrl: string;
  /** `user`: the user id a personal credential acts as, where the implementation says. */
  credentials: Array<{
    token: string;
    kind: string;
    access: 'organization' | 'personal';
    scopes: string[];
    pin: string | null;
    revoked: boolean;
    user?: string;
  }>;
  /**
   * The operations it implements, as `generation method path`; checks of others are reported as not
   * applicable.
   */
  implements: string[];
  /** Seeded people and chats, one per case of the ephemeral-message rules (EPH-01..06). */
  fixtures: {
    users: { member: string; otherMember: string; app: string; unknown: string };
    chats: Record<string, string>;
  };
  /**
   * Where a user's client receives ephemeral messages, `{user}` replaced by the user's id;
   * optional. The suite connects with the credential whose `user` is the member, where the profile
   * has one.
   */
  ephemeralStream?: string;
  /** OAuth clients with their registered redirect URIs; `secret` absent for public clients. */
  oauthClients: Array<{ id: string; secret?: string; redirectUris: string[]; scopes: string[] }>;
  /**
   * How the signed-in user consents: fields added to the authorize page's form when it is
   * submitted.
   */
  consent: { query: Record<string, string> };
  /**
   * AUTH-12: the `whsec_` secret the implementation signs the credentials' app's deliveries with.
   */
  signingSecret: string;
  /**
   * Where `POST {generation, event, data}` makes the implementation emit an event; absent when it
   * cannot.
   */
  eventTrigger?: string;
  /**
   * Whether subscriptions may name loopback and private destinations over plain HTTP, as the
   * suite's delivery receiver on loopback needs (SUB-03's local environment). Absent: not said;
   * deliveries are tried.
   */
  localDestinations?: boolean;
  /**
   * How much faster than real time retry waits, the reaction debounce and the fail streak run (1 =
   * real time): one number for all, or `{retries, debounce, failStreak}`, each defaulting to 1.
   */
  timeScale: TimeScale;
  /**
   * Format 2: the app's subscriptions configured statically, each of which v1 list must show with
   * `dynamic: false` (SUB-07); an empty list when it has none. Absent in format 1: not said.
   */
  staticSubscriptions?: StaticSubscription[];
}
