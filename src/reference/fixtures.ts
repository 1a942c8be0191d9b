import type { AppDeliverySettings } from './deliveries/app-delivery-settings.js';
import { ALL_SCOPES, type Credential, type FrontConfig } from '../http/front-config.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';

/** A credential of the seeded workspace: which app it belongs to and what kind it is. */
export interface ReferenceToken extends Credential {
  app: string;
  kind: 'api_key' | 'personal_access_token' | 'oauth_access_token';
  /** The OAuth grant an access token belongs to. */
  grantId?: string;
}

/** A subscription configured in the administration developer settings (SUB-07: `dynamic: false`). */
export interface StaticSubscription {
  app: string;
  event: string;
  url: string;
}

/** An OAuth app's client (AUTH-04..06): confidential ones have a secret, public ones use PKCE. */
export interface OAuthClient {
  id: string;
  secret?: string;
  redirectUris: string[];
  /** The scopes the app registered; a request may ask for a subset. */
  scopes: string[];
  /** The version new integrations pin to at creation (VER-02). */
  pin: string;
  /** The app it belongs to: its grants' subscriptions are that app's, signed with its secret. */
  app: string;
}

export interface Workspace {
  tokens: Record<string, ReferenceToken>;
  /** Each app's webhook signing secret and default version. */
  apps: Record<string, AppDeliverySettings>;
  staticSubscriptions: StaticSubscription[];
  oauthClients: OAuthClient[];
}

export const APP = 'app_acme';

/**
 * The seeded workspace: the app `app_acme` with an API key pinned to each dated version (VER-02),
 * one without a pin, one without scopes, one with chat:send_message alone, a revoked one, a
 * personal access token, its signing secret, one static subscription, and a confidential and a
 * public OAuth client.
 */
export function seedWorkspace(registry: VersionRegistry = loadVersionRegistry()): Workspace {
  const tokens: Record<string, ReferenceToken> = {};
  const key = (scopes: string[], extra: Partial<ReferenceToken> = {}): ReferenceToken => ({
    app: APP,
    kind: 'api_key',
    access: 'organization',
    scopes,
    ...extra,
  });
  for (const { version } of registry.versions)
    tokens[`sk-${version}`] = key(ALL_SCOPES, { pin: version });
  tokens['sk-unpinned'] = key(ALL_SCOPES);
  tokens['sk-no-scopes'] = key([], { pin: registry.latest });
  // AUTH-13: postEphemeral takes either chat scope; this key has the one no other key has alone.
  tokens['sk-send-message'] = key(['chat:send_message'], { pin: registry.latest });
  tokens['sk-revoked'] = key(ALL_SCOPES, { pin: registry.latest, revoked: true });
  tokens['pat-ada'] = {
    app: APP,
    kind: 'personal_access_token',
    access: 'personal',
    scopes: ['chat:write', 'webhook:read', 'webhook:write'],
    pin: registry.latest,
  };
  const redirectUris = ['http://localhost:8080/callback'];
  const oauthScopes = ['chat:write', 'webhook:read', 'webhook:write'];
  return {
    tokens,
    // AUTH-12: the app's own `whsec_` secret, unrelated to its OAuth client secret.
    apps: {
      [APP]: {
        signingSecret: `whsec_${Buffer.from('reference-app-acme-signing-key!!').toString('base64')}`,
        pin: registry.latest,
      },
    },
    // On loopback's discard port, where nothing answers: deliveries to it fail at once, as to a
    // destination that is down, without reaching outside the machine.
    staticSubscriptions: [
      { app: APP, event: 'chat.message', url: 'http://127.0.0.1:9/static-hook' },
    ],
    oauthClients: [
      {
        id: 'client_confidential',
        secret: 'cs_reference_secret',
        redirectUris,
        scopes: oauthScopes,
        pin: registry.latest,
        app: APP,
      },
      { id: 'client_public', redirectUris, scopes: oauthScopes, pin: registry.latest, app: APP },
    ],
  };
}

/** The front's view of the workspace: its tokens, no version overrides, no avatar hosts yet. */
export function frontConfig(workspace: Workspace): FrontConfig {
  return { tokens: workspace.tokens, versions: {}, avatarHosts: [] };
}
