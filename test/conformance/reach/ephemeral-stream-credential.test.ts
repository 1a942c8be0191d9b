import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { USERS } from '../../../src/reference/chats.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// EPH-05's live check reads the member's stream as the member: with the credential whose `user`
// is fixtures.users.member.
const reference = useReferenceServer({ triggerEvents: true, timeScale: 600 });
const profile = () =>
  profileOf(reference.server.url, reference.server.workspace, {
    triggerEvents: true,
    timeScale: 600,
    allowLocalDestinations: true,
  });
const eph05 = { checks: CHECKS.filter(([id]) => id === 'eph-05-never-stored') };

describe('the profile names who personal credentials act as', () => {
  it('the personal access token acts as the member; organization credentials as nobody', () => {
    const { credentials, fixtures } = profile();
    expect(credentials.filter((c) => c.user !== undefined).map((c) => [c.token, c.user])).toEqual([
      ['pat-ada', fixtures.users.member],
    ]);
    expect(fixtures.users.member).toBe(USERS.ada);
  });
});

describe('eph-05 against the reference server', () => {
  it.each([
    [
      "with the member's credential, it passes",
      { given: (p: ReturnType<typeof profile>) => p, want: { status: 'passed' } },
    ],
    [
      'without a fixture channel to send its marker in, it still judges, and passes',
      {
        given: (p: ReturnType<typeof profile>) => {
          const { channel: _, ...chats } = p.fixtures.chats;
          return { ...p, fixtures: { ...p.fixtures, chats } };
        },
        want: { status: 'passed' },
      },
    ],
    [
      'a profile that names no user for its credentials: not testable, saying why',
      {
        given: (p: ReturnType<typeof profile>) => ({
          ...p,
          credentials: p.credentials.map(({ user: _, ...c }) => c),
        }),
        want: {
          status: 'not_testable',
          reason: expect.stringContaining('no credential whose user is fixtures.users.member'),
        },
      },
    ],
    [
      'a credential the stream refuses: not testable, not failed',
      {
        given: (p: ReturnType<typeof profile>) => ({
          ...p,
          credentials: p.credentials.map((c) => (c.user ? { ...c, user: USERS.grace } : c)),
          fixtures: { ...p.fixtures, users: { ...p.fixtures.users, member: USERS.grace } },
        }),
        want: { status: 'not_testable', reason: expect.stringContaining('answered 403') },
      },
    ],
  ])('%s', async (_, { given, want }) => {
    const [result] = await runConformance(given(profile()), '2026-08-25', eph05);
    expect(result).toMatchObject(want);
  });
});
