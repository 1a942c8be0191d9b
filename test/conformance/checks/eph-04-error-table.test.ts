import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// EPH-04 posts each row where the profile's declared members make its case: who is in which chat
// comes from the profile, never from the reference server's seed.
const reference = useReferenceServer();
const checks = CHECKS.filter(([id]) => id === 'eph-04-error-table');
const run = async (change: (profile: Profile) => Profile) => {
  const profile = change(profileOf(reference.server.url, reference.server.workspace));
  const [result] = await runConformance(profile, '2026-08-25', { checks });
  return result!;
};
const swapped = (p: Profile): Profile => {
  const { member, otherMember } = p.fixtures.users;
  return {
    ...p,
    fixtures: {
      ...p.fixtures,
      users: { ...p.fixtures.users, member: otherMember, otherMember: member },
    },
  };
};

describe('EPH-04: rows from the declared members', () => {
  it('passes against the reference server, each row testable', async () => {
    const result = await run((p) => p);
    expect([result.status, result.notes]).toEqual(['passed', undefined]);
  });

  it('passes with the people named the other way round', async () => {
    const result = await run(swapped);
    expect([result.status, result.diagnostics]).toEqual(['passed', []]);
  });

  it('without declared members, notes the rows it cannot place instead of guessing', async () => {
    const result = await run(({ fixtures: { members: _, ...fixtures }, ...p }) => ({
      ...p,
      fixtures,
    }));
    expect(result.status).toBe('passed');
    expect(result.notes).toEqual([
      expect.stringMatching(
        /^a recipient outside the chat went untested: the profile declares no chat/,
      ),
      expect.stringMatching(/^an archived channel went untested/),
    ]);
  });

  it('holds the server to what the profile declares, naming the chat and the user', async () => {
    // The profile says the member is not in the DM; the server has them there.
    const result = await run((p) => ({
      ...p,
      fixtures: { ...p.fixtures, members: { ...p.fixtures.members, dm: [p.fixtures.users.app] } },
    }));
    expect(result.status).toBe('failed');
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'a recipient outside the chat: dm for users.member: expected 400 user_not_in_chat, got 200',
    ]);
  });
});
