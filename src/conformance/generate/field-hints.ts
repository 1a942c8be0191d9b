import fc from 'fast-check';
import type { OpenApiDocument } from '../../documents.js';
import type { Profile } from '../profile/profile.js';
import type { Hints } from './schema-arbitrary.js';

/**
 * Values for body fields of these names, mixed with what the schema allows, so some generated
 * requests name the profile's chats and people, the document's events and HTTPS destinations that
 * are not the suite's own (nothing is delivered to them: the subscriptions are removed at once).
 */
export function fieldHints(
  document: OpenApiDocument,
  profile: Profile,
  versions: readonly string[],
): Hints {
  const { chats, users } = profile.fixtures;
  const events = Object.keys((document as { webhooks?: object }).webhooks ?? {});
  const named: Array<[string, unknown[]]> = [
    ['chatId', Object.values(chats)],
    ['userId', [users.member, users.otherMember, users.app, users.unknown]],
    ['url', ['https://hooks.example.com/generated', 'https://example.org/hook']],
    ['apiVersion', [...versions]],
    ['event', events],
    // VER-12: avatars the service hosts, so some senders pass the avatar gate.
    ['imageUrl', avatarUrls(profile)],
  ];
  return new Map(
    named
      .filter(([, values]) => values.length > 0)
      .map(([name, values]) => [name, fc.constantFrom(...values)]),
  );
}

/** Avatar URLs on the service's own hosts (its API host where the profile names none). */
function avatarUrls(profile: Profile): string[] {
  const hosts = profile.avatarHosts ?? [new URL(profile.baseUrl).origin];
  return hosts.map((host) => `${host}/photos/people/generated.png`);
}
