import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from '../../../src/reference/store/sql.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantByToken } from '../../../src/reference/store/grants.ts';
import { openDatabase } from '../../../src/reference/store/schema.ts';
import { type Store, openStore } from '../../../src/reference/store.ts';

// AUTH-07: a grant is found by its current access token in one column and by its refresh token in
// the other, never the one by the other; the column comes from a closed set.
let dataDir = '';
let store: Store;
let db: Sql;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-grants-'));
  store = await openStore(dataDir);
  db = await openDatabase(dataDir);
});
afterAll(async () => {
  db.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newGrant = () =>
  store.createGrant(
    { clientId: 'client_confidential', access: 'organization', scope: 'chat:write' },
    1_900_000_000,
  );

describe('grant lookups by token', () => {
  it('finds a grant by each token in its own column only', async () => {
    const grant = await newGrant();
    const found = [
      await store.grantByAccessToken(grant.accessToken),
      await store.grantByRefreshToken(grant.refreshToken),
      await store.grantByAccessToken(grant.refreshToken),
      await store.grantByRefreshToken(grant.accessToken),
    ];
    expect(found.map((g) => g?.id)).toEqual([grant.id, grant.id, undefined, undefined]);
    expect(found[0]).toEqual({
      id: grant.id,
      clientId: 'client_confidential',
      access: 'organization',
      scope: 'chat:write',
      accessExpiresAt: 1_900_000_000 + 604_800,
      refreshExpiresAt: 1_900_000_000 + 365 * 24 * 3600,
      revoked: false,
    });
  });

  it('finds nothing for a token never issued', async () => {
    expect(await store.grantByAccessToken('at_never-issued')).toBeUndefined();
    expect(await store.grantByRefreshToken('rt_never-issued')).toBeUndefined();
  });

  const outside: Array<[string, { column: string }]> = [
    ['SQL in place of a column', { column: '1 = 1 OR access_token_hash' }],
    ['a prototype member name', { column: 'constructor' }],
  ];
  it.each(outside)('reads no column outside the set: %s', async (_, { column }) => {
    const grant = await newGrant();
    expect(
      await grantByToken(db, column as 'access_token_hash', grant.accessToken),
    ).toBeUndefined();
  });
});
