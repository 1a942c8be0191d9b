import type { Credential } from '../http/front-config.js';
import { USERS } from './chats.js';

/**
 * The user a credential acts as. Personal credentials (personal access tokens, personal-access
 * OAuth grants) act as the user who made them; in the seeded workspace that is Ada, as the
 * personal token's answers elsewhere show. Organization credentials act as the app's bot, which
 * is no person: undefined.
 */
export function actingUser(token: Credential): string | undefined {
  return token.access === 'personal' ? USERS.ada : undefined;
}
