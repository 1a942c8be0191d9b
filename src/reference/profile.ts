import type { Profile } from '../conformance/profile/profile.js';
import { READINGS } from '../conformance/profile/readings.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';
import type { TimeScale } from '../time-scale.js';
import { CHATS, USERS } from './chats.js';
import { HANDLERS } from './handlers/index.js';
import { EVENT_TRIGGER } from './event-trigger.js';
import { APP, type Workspace } from './fixtures.js';
import { actingUser } from './principal.js';

export interface ProfileOptions {
  timeScale?: TimeScale;
  triggerEvents?: boolean;
  /**
   * Started with `allowLocalDestinations` (SUB-03): the profile says so as
   * `plainHttpDestinations: local`.
   */
  allowLocalDestinations?: boolean;
  /** The versions the server was started with, whose lifecycle it declares (VER-05). */
  registry?: VersionRegistry;
}

/**
 * A user group of the seeded workspace, for mentions (VER-10): the server renders any group
 * mention, so one id stands for the workspace's groups.
 */
const USER_GROUP = 'e3c1a7f2-4b6d-4c8e-9f10-2a3b4c5d6e7f';

/** The reference server's profile (docs/conformance-profile.md), format 3. */
export function profileOf(
  url: string,
  workspace: Workspace,
  {
    timeScale = 1,
    triggerEvents = false,
    allowLocalDestinations = false,
    registry = loadVersionRegistry(),
  }: ProfileOptions = {},
): Profile {
  const withStatus = (status: string) =>
    registry.versions.filter((v) => v.status === status).map((v) => v.version);
  return {
    format: 'service-contract/profile@3',
    baseUrl: url,
    authUrl: url,
    credentials: Object.entries(workspace.tokens).map(([token, t]) => {
      // Who a personal credential acts as: the ephemeral stream answers only that user's (EPH-05).
      const user = actingUser(t);
      return {
        token,
        kind: t.kind,
        access: t.access,
        scopes: t.scopes,
        pin: t.pin ?? null,
        revoked: t.revoked ?? false,
        app: t.app,
        ...(user ? { user } : {}),
      };
    }),
    implements: Object.keys(HANDLERS),
    fixtures: {
      users: {
        member: USERS.ada,
        otherMember: USERS.grace,
        app: USERS.bot,
        unknown: 'c27fd1c9-73ba-4a0f-81ce-84a50d9cef88',
      },
      chats: Object.fromEntries(
        Object.entries(CHATS).map(([name, chat]) => [name, chat.id]),
      ) as Record<keyof typeof CHATS, string>,
      members: Object.fromEntries(
        Object.entries(CHATS).map(([name, chat]) => [name, [...chat.members]]),
      ),
      userGroup: USER_GROUP,
    },
    ephemeralStream: `${url}/reference/ephemeral-stream?user={user}`,
    // AUTH-12: each client names its app, whose secret signs its grants' subscriptions.
    oauthClients: workspace.oauthClients.map(({ id, secret, redirectUris, scopes, app }) => ({
      id,
      ...(secret ? { secret } : {}),
      redirectUris,
      scopes,
      app,
    })),
    consent: { query: { consent: 'allow' } },
    signingSecret: workspace.apps[APP]!.signingSecret,
    // AUTH-12: one secret per app.
    signingSecrets: Object.fromEntries(
      Object.entries(workspace.apps).map(([app, settings]) => [app, settings.signingSecret]),
    ),
    ...(triggerEvents ? { eventTrigger: `${url}${EVENT_TRIGGER}` } : {}),
    // SUB-03: plain HTTP only to loopback and private hosts, and only when started as a local
    // environment.
    plainHttpDestinations: allowLocalDestinations ? 'local' : 'none',
    lifecycle: { deprecated: withStatus('deprecated'), sunset: withStatus('sunset') },
    // VER-12: the legacy avatar paths on the server's own origin (it takes them on any host).
    avatarHosts: [new URL(url).origin],
    // The server keeps every reading the suite records: its findings on them fail.
    readings: [...READINGS.keys()],
    timeScale,
    // SUB-07: the app's static subscriptions, as seedStaticSubscriptions puts them in the store.
    staticSubscriptions: workspace.staticSubscriptions
      .filter((s) => s.app === APP)
      .map(({ event, url }) => ({ event, url })),
  };
}
