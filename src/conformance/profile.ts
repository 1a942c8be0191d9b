import type { TimeScale } from '../time-scale.js';

/**
 * What a conformance run needs to know about an implementation (docs/conformance-profile.md). This
 * is format 1: fields a run does not know are ignored, so later fields do not break older runs.
 */
export interface Profile {
  format: 'service-contract/profile@1';
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
}
