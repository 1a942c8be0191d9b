import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type StoreOptions, openDatabase } from '../../../src/reference/store/schema.ts';

// A durable store flushes each commit to the disk; a throwaway one leaves that to the system, and
// still keeps what it committed when it is opened again (a restart of the server).
describe('openDatabase', () => {
  it.each([
    ['durable by default', {}, 2],
    ['durable when asked', { durable: true }, 2],
    ['a throwaway store skips the flushes', { durable: false }, 0],
  ] as Array<[string, StoreOptions, number]>)('%s', async (_, options, synchronous) => {
    const dir = await mkdtemp(join(tmpdir(), 'service-schema-'));
    try {
      const db = await openDatabase(dir, options);
      const [setting] = (await db.execute('PRAGMA synchronous')).rows;
      expect(setting?.synchronous).toBe(synchronous);
      await db.execute({ sql: 'INSERT INTO revoked_credentials VALUES (?)', args: ['t'] });
      db.close();
      const reopened = await openDatabase(dir, options);
      expect((await reopened.execute('SELECT * FROM revoked_credentials')).rows).toHaveLength(1);
      reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
