import { ALL_SCOPES, type MockConfig, type MockToken } from '../mock/config.ts';
import { type VersionRegistry, loadVersionRegistry } from '../versions.ts';

/** A credential of the seeded workspace: which app it belongs to and what kind it is. */
export interface ReferenceToken extends MockToken {
  app: string;
  kind: 'api_key' | 'personal_access_token';
}

/** A subscription configured in the administration developer settings (SUB-07: `dynamic: false`). */
export interface StaticSubscription {
  app: string;
  event: string;
  url: string;
}

export interface Workspace {
  tokens: Record<string, ReferenceToken>;
  staticSubscriptions: StaticSubscription[];
}

export const APP = 'app_acme';

/**
 * The seeded workspace: the app `app_acme` with an API key pinned to each dated version (VER-02),
 * one without a pin, one without scopes, a revoked one, a personal access token, and one static
 * subscription. OAuth clients, chats and users come with the rest of the reference server.
 */
export function seedWorkspace(registry: VersionRegistry = loadVersionRegistry()): Workspace {
  const tokens: Record<string, ReferenceToken> = {};
  const key = (scopes: string[], extra: Partial<ReferenceToken> = {}): ReferenceToken => ({ app: APP, kind: 'api_key', access: 'organization', scopes, ...extra });
  for (const { version } of registry.versions) tokens[`sk-${version}`] = key(ALL_SCOPES, { pin: version });
  tokens['sk-unpinned'] = key(ALL_SCOPES);
  tokens['sk-no-scopes'] = key([], { pin: registry.latest });
  tokens['sk-revoked'] = key(ALL_SCOPES, { pin: registry.latest, revoked: true });
  tokens['pat-ada'] = { app: APP, kind: 'personal_access_token', access: 'personal', scopes: ['chat:write', 'webhook:read'], pin: registry.latest };
  return { tokens, staticSubscriptions: [{ app: APP, event: 'chat.message', url: 'https://hooks.example.com/static' }] };
}

/** The front's view of the workspace: its tokens, no version overrides, no avatar hosts yet. */
export function frontConfig(workspace: Workspace): MockConfig {
  return { tokens: workspace.tokens, versions: {}, avatarHosts: [] };
}
