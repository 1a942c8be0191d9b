import type { TimeScale } from '../../time-scale.js';

/** The profile formats a run reads; the last is the one written. */
export const PROFILE_FORMATS = [
  'service-contract/profile@1',
  'service-contract/profile@2',
  'service-contract/profile@3',
] as const;

/**
 * Which plain-HTTP destinations the implementation accepts for subscriptions (SUB-03: HTTPS is
 * required outside local environments): `none` (HTTPS only, as outside a local environment),
 * `local` (plain HTTP to loopback and private hosts only), `any` (plain HTTP to any host).
 */
export type PlainHttpDestinations = 'none' | 'local' | 'any';

/** A subscription configured statically, outside the subscribe endpoint (SUB-07). */
export interface StaticSubscription {
  /** The event name, v1 vocabulary. */
  event: string;
  url: string;
}

/**
 * What a conformance run needs to know about an implementation (docs/conformance-profile.md).
 * Format 2 adds `staticSubscriptions`; format 3 adds what the implementation decided where the
 * specification is silent (its version lifecycle, its plain-HTTP destinations, the readings it
 * opts into) and more of its data (chat members, a user group, one signing secret per app).
 * Formats 1 and 2 are still read. Fields a run does not know are ignored, so later fields do not
 * break older runs.
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
    /** Format 3: the app the credential belongs to, a key of `signingSecrets`. */
    app?: string;
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
    /**
     * Format 3: who is a member of each chat of `chats`, by user id (`users.app` where the app's
     * bot is one). Without it, the rules that need a non-member are not testable.
     */
    members?: Record<string, string[]>;
    /** Format 3: a user group of the workspace, named in mentions (VER-10). */
    userGroup?: string;
  };
  /**
   * Where a user's client receives ephemeral messages, `{user}` replaced by the user's id;
   * optional. The suite connects with the credential whose `user` is the member, where the profile
   * has one.
   */
  ephemeralStream?: string;
  /** OAuth clients with their registered redirect URIs; `secret` absent for public clients. */
  oauthClients: Array<{
    id: string;
    secret?: string;
    redirectUris: string[];
    scopes: string[];
    /**
     * Format 3: the app the client belongs to, a key of `signingSecrets`: its grants' subscriptions
     * are that app's, signed with its secret (AUTH-12). Absent: not said, and not tested.
     */
    app?: string;
  }>;
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
   * Format 3: each app's own `whsec_` secret (AUTH-12: one per app), by the `app` its credentials
   * name; a credential without `app`, or of an app not listed, signs with `signingSecret`.
   */
  signingSecrets?: Record<string, string>;
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
   * Format 3: which plain-HTTP destinations subscriptions may name (SUB-03). Replaces
   * `localDestinations`: `none` is `false`; `local` and `any` both let the suite's receiver on
   * loopback be subscribed.
   */
  plainHttpDestinations?: PlainHttpDestinations;
  /**
   * Format 3: the implementation's own version lifecycle (VER-05): the versions it has deprecated
   * (answered with `Deprecation` and `Sunset`) and those past their sunset (410). Versions in
   * neither are supported. Absent: the lifecycle is not declared, and VER-05 is not testable.
   */
  lifecycle?: { deprecated?: string[]; sunset?: string[] };
  /**
   * Format 3: the hosts of the service's own avatar URLs (VER-12), as origins. Absent: `baseUrl`'s
   * origin, a reading (`VER-12.legacy-avatar-host`).
   */
  avatarHosts?: string[];
  /**
   * Format 3: readings of docs/REQUIREMENTS.md the implementation opts into: where a check rests
   * on one of these, its findings fail the run instead of warning.
   */
  readings?: string[];
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
