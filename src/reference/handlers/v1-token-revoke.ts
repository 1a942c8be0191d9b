import type { ReferenceToken } from '../fixtures.ts';
import type { Handler } from './handler.ts';

/**
 * AUTH-09: revokes the grant of the presented token; its access and refresh tokens then answer
 * `token_revoked`. An API key or personal token is revoked for the life of this process (they come
 * from the workspace's seed, not from the store).
 */
export const v1TokenRevoke: Handler = async ({ request, store }) => {
  const token = request.token as ReferenceToken;
  if (token.grantId) await store.revokeGrant(token.grantId);
  else token.revoked = true;
  return { status: 200, body: { ok: true } };
};
