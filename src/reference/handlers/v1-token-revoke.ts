import type { ReferenceToken } from '../fixtures.js';
import type { Handler } from './handler.js';

/**
 * AUTH-09: revokes the grant of the presented token; its access and refresh tokens then answer
 * `token_revoked`. An API key or personal token is revoked for the life of this process (they come
 * from the workspace's seed, not from the store). Subscribers of `token.revoked` get the event.
 */
export const v1TokenRevoke: Handler = async ({ request, app, store, dispatcher }) => {
  const token = request.token as ReferenceToken;
  if (token.grantId) await store.revokeGrant(token.grantId);
  else token.revoked = true;
  // The app hears of it; SPEC.md shows no fields of `token.revoked`, so its data is empty.
  await dispatcher.emit(app, { generation: 'v1', type: 'token.revoked', data: {} });
  return { status: 200, body: { ok: true } };
};
