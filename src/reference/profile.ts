import { CHATS, USERS } from './chats.ts';
import { HANDLERS } from './handlers/index.ts';
import { EVENT_TRIGGER } from './event-trigger.ts';
import { APP, type Workspace } from './fixtures.ts';

/**
 * What a conformance run needs to know about an implementation (docs/conformance-profile.md). This
 * is format 1: fields a run does not know are ignored, so later fields do not break older runs.
 */
export interface Profile {
  format: 'service-contract/profile@1';
  baseUrl: string;
  authUrl: string;
  credentials: Array<{ token: string; kind: string; access: 'organization' | 'personal'; scopes: string[]; pin: string | null; revoked: boolean }>;
  /** The operations it implements, as `generation method path`; checks of others are reported as not applicable. */
  implements: string[];
  /** Seeded people and chats, one per case of the ephemeral-message rules (EPH-01..06). */
  fixtures: {
    users: { member: string; otherMember: string; app: string; unknown: string };
    chats: Record<keyof typeof CHATS, string>;
  };
  /** Where a user's client receives ephemeral messages, `{user}` replaced by the user's id; optional. */
  ephemeralStream?: string;
  /** OAuth clients with their registered redirect URIs; `secret` absent for public clients. */
  oauthClients: Array<{ id: string; secret?: string; redirectUris: string[]; scopes: string[] }>;
  /** How the signed-in user consents: a query parameter added to the authorize URL. */
  consent: { query: Record<string, string> };
  /** AUTH-12: the `whsec_` secret the implementation signs the credentials' app's deliveries with. */
  signingSecret: string;
  /** Where `POST {generation, event, data}` makes the implementation emit an event; absent when it cannot. */
  eventTrigger?: string;
  /** How much faster than real time retry waits, the reaction debounce and the fail streak run (1 = real time). */
  timeScale: number;
}

export interface ProfileOptions {
  timeScale?: number;
  triggerEvents?: boolean;
}

export function profileOf(url: string, workspace: Workspace, { timeScale = 1, triggerEvents = false }: ProfileOptions = {}): Profile {
  return {
    format: 'service-contract/profile@1',
    baseUrl: url,
    authUrl: url,
    credentials: Object.entries(workspace.tokens).map(([token, t]) => ({
      token, kind: t.kind, access: t.access, scopes: t.scopes, pin: t.pin ?? null, revoked: t.revoked ?? false,
    })),
    implements: Object.keys(HANDLERS),
    fixtures: {
      users: { member: USERS.ada, otherMember: USERS.grace, app: USERS.bot, unknown: 'c27fd1c9-73ba-4a0f-81ce-84a50d9cef88' },
      chats: Object.fromEntries(Object.entries(CHATS).map(([name, chat]) => [name, chat.id])) as Record<keyof typeof CHATS, string>,
    },
    ephemeralStream: `${url}/reference/ephemeral-stream?user={user}`,
    oauthClients: workspace.oauthClients.map(({ id, secret, redirectUris, scopes }) => ({ id, ...(secret ? { secret } : {}), redirectUris, scopes })),
    consent: { query: { consent: 'allow' } },
    signingSecret: workspace.apps[APP]!.signingSecret,
    ...(triggerEvents ? { eventTrigger: `${url}${EVENT_TRIGGER}` } : {}),
    timeScale,
  };
}
