import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Store, openStore } from '../../src/reference/store.ts';

// AUTH-08: a refresh token rotates once. Two rotations of the same token racing in the store: one
// gets the new tokens, the other nothing (its caller treats it as a replay and ends the grant).
let dataDir = '';
let store: Store;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-rotation-'));
  store = await openStore(dataDir);
});
afterAll(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('rotateGrant', () => {
  const now = 1_900_000_000;
  const cases: Array<[string, { given: number; want: number }]> = [
    ['two at once', { given: 2, want: 1 }],
    ['eight at once', { given: 8, want: 1 }],
  ];
  it.each(cases)('%s: exactly one rotates', async (_, { given, want }) => {
    const grant = await store.createGrant(
      { clientId: 'client_confidential', access: 'organization', scope: 'chat:write' },
      now,
    );
    const rotated = await Promise.all(
      Array.from({ length: given }, () =>
        store.rotateGrant(grant.id, grant.refreshToken, 'chat:write', now),
      ),
    );
    expect(rotated.filter(Boolean)).toHaveLength(want);
    expect((await store.grantByRetiredRefreshToken(grant.refreshToken, now))?.id).toBe(grant.id);
  });

  it('a revoked grant does not rotate', async () => {
    const grant = await store.createGrant(
      { clientId: 'client_confidential', access: 'organization', scope: 'chat:write' },
      now,
    );
    await store.revokeGrant(grant.id);
    expect(
      await store.rotateGrant(grant.id, grant.refreshToken, 'chat:write', now),
    ).toBeUndefined();
  });
});
