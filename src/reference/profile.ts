import type { Profile } from '../conformance/profile.js';
import type { TimeScale } from '../time-scale.js';
import { CHATS, USERS } from './chats.js';
import { HANDLERS } from './handlers/index.js';
import { EVENT_TRIGGER } from './event-trigger.js';
import { APP, type Workspace } from './fixtures.js';
import { actingUser } from './principal.js';

export interface ProfileOptions {
  timeScale?: TimeScale;
  triggerEvents?: boolean;
  /** Started with `allowLocalDestinations` (SUB-03): the profile says so as `localDestinations`. */
  allowLocalDestinations?: boolean;
}

/** The reference server's profile (docs/conformance-profile.md). */
export function profileOf(
  url: string,
  workspace: Workspace,
  { timeScale = 1, triggerEvents = false, allowLocalDestinations = false }: ProfileOptions = {},
): Profile {
  return {
    format: 'service-contract/profile@2',
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
    },
    ephemeralStream: `${url}/reference/ephemeral-stream?user={user}`,
    oauthClients: workspace.oauthClients.map(({ id, secret, redirectUris, scopes }) => ({
      id,
      ...(secret ? { secret } : {}),
      redirectUris,
      scopes,
    })),
    consent: { query: { consent: 'allow' } },
    signingSecret: workspace.apps[APP]!.signingSecret,
    ...(triggerEvents ? { eventTrigger: `${url}${EVENT_TRIGGER}` } : {}),
    localDestinations: allowLocalDestinations,
    timeScale,
    // SUB-07: the app's static subscriptions, as seedStaticSubscriptions puts them in the store.
    staticSubscriptions: workspace.staticSubscriptions
      .filter((s) => s.app === APP)
      .map(({ event, url }) => ({ event, url })),
  };
}
