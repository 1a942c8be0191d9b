import type { ReferenceToken } from '../fixtures.js';
import type { Handler } from './handler.js';

/**
 * AUTH-09: revokes the grant of the presented token; its access and refresh tokens then answer
 * `token_revoked`. An API key or personal token is revoked in the store, like a grant, so the
 * revocation outlives a restart; the seeded workspace itself is never changed. Subscribers of
 * `token.revoked` get the event.
 */
export const v1TokenRevoke: Handler = async ({ request, app, store, dispatcher }) => {
  const token = request.token as ReferenceToken;
  if (token.grantId) await store.revokeGrant(token.grantId);
  else await store.revokeCredential(request.bearer!);
  // The app hears of it; the specification shows no fields of `token.revoked`, so its data is empty.
  await dispatcher.emit(app, { generation: 'v1', type: 'token.revoked', data: {} });
  return { status: 200, body: { ok: true } };
};
