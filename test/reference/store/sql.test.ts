import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sql, type SqlResult, openSql } from '../../../src/reference/store/sql.ts';

let dir = '';
let db: Sql;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-sql-'));
  db = openSql(join(dir, 'test.db'));
  await db.executeMultiple(
    "CREATE TABLE t (id TEXT PRIMARY KEY, note TEXT); INSERT INTO t VALUES ('a', NULL)",
  );
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

// The store's statements, each kind as the store sends it, twice: the second run reuses the
// statement prepared by the first.
describe('the store connection', () => {
  it.each<[string, string, Array<string | null>, Partial<SqlResult>]>([
    [
      'a query returns its rows',
      'SELECT * FROM t WHERE id = ?',
      ['a'],
      { rows: [{ id: 'a', note: null }] },
    ],
    [
      'a write counts the rows it changed',
      'UPDATE t SET note = ? WHERE id = ?',
      ['n', 'a'],
      { rows: [], rowsAffected: 1 },
    ],
    [
      'a write with RETURNING returns them',
      'UPDATE t SET note = ? WHERE id = ? RETURNING id',
      ['m', 'a'],
      { rows: [{ id: 'a' }] },
    ],
    [
      'a lone NULL binds as a positional argument',
      'SELECT count(*) AS n FROM t WHERE ? IS NULL',
      [null],
      { rows: [{ n: 1 }] },
    ],
    [
      'a write that matches nothing changes nothing',
      'DELETE FROM t WHERE id = ?',
      ['none'],
      { rowsAffected: 0 },
    ],
  ])('%s', async (_, sql, args, expected) => {
    for (let run = 0; run < 2; run += 1)
      expect(await db.execute({ sql, args })).toMatchObject(expected);
  });

  it('runs a batch in one transaction: a failing statement undoes those before it', async () => {
    const failing = db.batch([
      { sql: 'INSERT INTO t VALUES (?, ?)', args: ['b', null] },
      { sql: 'INSERT INTO t VALUES (?, ?)', args: ['a', null] },
    ]);
    await expect(failing).rejects.toThrow(/UNIQUE/);
    expect((await db.execute({ sql: 'SELECT id FROM t', args: [] })).rows).toEqual([{ id: 'a' }]);
    const results = await db.batch([
      { sql: 'INSERT INTO t VALUES (?, ?)', args: ['c', null] },
      { sql: 'DELETE FROM t WHERE id = ?', args: ['c'] },
    ]);
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1]);
  });
});
