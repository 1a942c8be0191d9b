import { USERS } from '../chats.js';
import type { Handler } from './handler.js';

/**
 * The presented token's client, principal and scopes. The specification names the three without their types:
 * the client is the app's id, the principal the user the token acts as (the organization bot for
 * API keys), the scopes a list.
 */
export const v1TokenInfo: Handler = async ({ request, app }) => {
  const token = request.token!;
  const principal = token.access === 'personal' ? USERS.ada : USERS.bot;
  return { status: 200, body: { ok: true, client: app, principal, scopes: token.scopes } };
};
