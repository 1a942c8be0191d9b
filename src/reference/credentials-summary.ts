import type { Profile } from '../conformance/profile/profile.js';
import { APP } from './fixtures.js';

type ProfileCredential = Profile['credentials'][number];

/**
 * The seeded workspace's IDs and credentials as a short block, indented under a server's start
 * line, so a newcomer can call the server without reading the fixtures. Read from the conformance
 * profile, so it says what a conformance run would use.
 */
export function credentialsSummary(profile: Profile, app = APP): string[] {
  const plain = profile.credentials.filter((c) => notesOf(c).length === 0).map((c) => c.token);
  const others = profile.credentials
    .filter((c) => notesOf(c).length > 0)
    .map((c) => `${c.token} (${notesOf(c).join(', ')})`);
  const { member, otherMember, app: appUser } = profile.fixtures.users;
  return [
    `tokens pinned to the version they name: ${plain.join(' ')}`,
    `other tokens: ${others.join(', ')}`,
    `OAuth clients: ${profile.oauthClients.map(clientText).join(', ')}`,
    `app: ${app} (its user ${appUser}), signing secret ${profile.signingSecret}`,
    `users: member ${member}, otherMember ${otherMember}`,
  ].map((line) => `  ${line}`);
}

/** What sets a credential apart from an organization key pinned to the version in its name. */
function notesOf(c: ProfileCredential): string[] {
  return [
    c.access === 'personal' ? 'personal' : '',
    c.pin === null ? 'no pin' : c.token.includes(c.pin) ? '' : `pinned ${c.pin}`,
    c.scopes.length === 0 ? 'no scopes' : '',
    c.revoked ? 'revoked' : '',
  ].filter(Boolean);
}

function clientText(client: Profile['oauthClients'][number]): string {
  const kind = client.secret ? `secret ${client.secret}` : 'public, PKCE';
  return `${client.id} (${kind}; redirect ${client.redirectUris.join(' ')})`;
}
