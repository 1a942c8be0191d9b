import { ownEntry } from '../http/front-config.js';
import type { Clock } from './clock.js';
import type { ReferenceToken, Workspace } from './fixtures.js';
import type { Store } from './store.js';

interface ResolverOptions {
  workspace: Workspace;
  store: Store;
  clock: Clock;
}

/** What a bearer token of the reference server stands for; undefined when it is unknown. */
export type ReferenceTokenResolver = (bearer: string) => Promise<ReferenceToken | undefined>;

/**
 * What a bearer token stands for (AUTH-02, AUTH-09): a seeded credential, with its revocation as
 * the store keeps it, else the access token of an OAuth grant in the store. The seeded credentials
 * are keyed by the bearer, which comes from outside: only their own entries are read, so a bearer
 * named like an `Object.prototype` member finds nothing.
 */
export function createTokenResolver({
  workspace,
  store,
  clock,
}: ResolverOptions): ReferenceTokenResolver {
  return async (bearer) => {
    const seeded = ownEntry(workspace.tokens, bearer);
    if (seeded) return store.isCredentialRevoked(bearer) ? { ...seeded, revoked: true } : seeded;
    const grant = await store.grantByAccessToken(bearer);
    const client = grant && workspace.oauthClients.find((c) => c.id === grant.clientId);
    if (!grant || !client) return undefined;
    return {
      // AUTH-12: a grant's subscriptions are its client's app's, signed with that app's secret.
      app: client.app,
      kind: 'oauth_access_token',
      grantId: grant.id,
      access: grant.access,
      scopes: grant.scope.split(' '),
      pin: client.pin,
      revoked: grant.revoked,
      expired: grant.accessExpiresAt < clock.nowSeconds(),
    };
  };
}
