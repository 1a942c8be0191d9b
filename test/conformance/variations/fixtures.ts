import { loadVersionRegistry } from '../../../src/versions.ts';
import type { FaultHooks } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';
import { answering, headerOf, sentBody } from './errors.ts';

/** The first version that takes only service-hosted avatars (VER-12), as the registry says. */
const gatedSince = loadVersionRegistry().versions.find((v) =>
  v.requirements.includes('VER-12'),
)!.version;
/** Where the avatars of the variations below are hosted: not the API host. */
const AVATAR_HOST = 'https://avatars.example.net';

/** From the gate on, an avatar anywhere but AVATAR_HOST is refused, legacy paths included. */
const avatarsOnOneHost = (): FaultHooks =>
  answering(
    (a, e) => {
      const imageUrl = sentBody(e).sender?.imageUrl;
      return (
        e.path === '/v1/chat.postEphemeral' &&
        a.status === 200 &&
        (headerOf(a, 'service-version') ?? '') >= gatedSince &&
        typeof imageUrl === 'string' &&
        URL.canParse(imageUrl) &&
        new URL(imageUrl).origin !== AVATAR_HOST
      );
    },
    (a) => ({ ...a, status: 400, body: { error: 'invalid_parameter' } }),
  );

/**
 * Choices about the implementation's own data, which the profile declares: who the fixture people
 * are (and so which chats each is in), and where its avatars are hosted (VER-12: a legacy avatar
 * URL is service-hosted, on a host the specification does not name).
 */
export const FIXTURE_VARIATIONS: Variation[] = [
  {
    id: 'fixture-people-swapped',
    choice:
      'the profile names the other person users.member (and the member users.otherMember): the chats each is in follow from fixtures.members',
    requirements: [
      'EPH-01',
      'EPH-02',
      'EPH-03',
      'EPH-04',
      'EPH-05',
      'EPH-06',
      'AUTH-11',
      'AUTH-13',
      'VER-12',
      'VER-13',
    ],
    declare: (profile) => {
      const { member, otherMember } = profile.fixtures.users;
      const users = { ...profile.fixtures.users, member: otherMember, otherMember: member };
      return { ...profile, fixtures: { ...profile.fixtures, users } };
    },
  },
  {
    id: 'avatar-host-declared',
    choice: `avatars, legacy paths too, are hosted on ${AVATAR_HOST} only, as the profile's avatarHosts declares`,
    requirements: ['VER-12'],
    declare: (profile) => ({ ...profile, avatarHosts: [AVATAR_HOST] }),
    hooks: avatarsOnOneHost,
  },
  {
    id: 'avatar-host-undeclared',
    choice: `avatars, legacy paths too, are hosted on ${AVATAR_HOST} only, which the profile does not say`,
    requirements: ['VER-12'],
    declare: ({ avatarHosts: _, ...profile }) => profile,
    departsFrom: ['VER-12.legacy-avatar-host'],
    hooks: avatarsOnOneHost,
    alone: true,
  },
];
