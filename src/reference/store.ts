import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';

export interface SubscriptionRow {
  id: string;
  app: string;
  generation: 'v0' | 'v1';
  event: string;
  url: string;
  filter: Record<string, unknown> | null;
  apiVersion: string | null;
  dynamic: boolean;
  created: string;
  lastSuccessAt: string | null;
  failStreakStartedAt: string | null;
  disabledAt: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subscriptions (
  id TEXT PRIMARY KEY,
  app TEXT NOT NULL,
  generation TEXT NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  filter TEXT,
  api_version TEXT,
  dynamic INTEGER NOT NULL,
  created TEXT NOT NULL,
  last_success_at TEXT,
  fail_streak_started_at TEXT,
  disabled_at TEXT,
  UNIQUE (app, generation, event, url)
)`;

/**
 * The reference server's embedded SQL store: one file under the data directory, so nothing
 * acknowledged is lost on restart (a write is committed before the answer is sent).
 */
export async function openStore(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const db: Client = createClient({ url: `file:${join(dataDir, 'service.db')}` });
  await db.execute('PRAGMA journal_mode = WAL');
  await db.execute(SCHEMA);

  const toRow = (r: Record<string, unknown>): SubscriptionRow => ({
    id: String(r.id), app: String(r.app), generation: r.generation as 'v0' | 'v1', event: String(r.event), url: String(r.url),
    filter: r.filter === null ? null : (JSON.parse(String(r.filter)) as Record<string, unknown>),
    apiVersion: (r.api_version as string | null) ?? null, dynamic: Number(r.dynamic) === 1, created: String(r.created),
    lastSuccessAt: (r.last_success_at as string | null) ?? null, failStreakStartedAt: (r.fail_streak_started_at as string | null) ?? null,
    disabledAt: (r.disabled_at as string | null) ?? null,
  });

  return {
    /**
     * Creates a subscription, or updates the filter of the one with the same app, generation, event
     * and URL (SUB-02). One statement: concurrent identical calls leave one row and share its id.
     */
    async upsertSubscription(s: { app: string; generation: 'v0' | 'v1'; event: string; url: string; filter: unknown; apiVersion?: string; dynamic: boolean }): Promise<SubscriptionRow> {
      const result = await db.execute({
        sql: `INSERT INTO subscriptions (id, app, generation, event, url, filter, api_version, dynamic, created)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (app, generation, event, url) DO UPDATE SET filter = excluded.filter
              RETURNING *`,
        args: [randomUUID(), s.app, s.generation, s.event, s.url, s.filter == null ? null : JSON.stringify(s.filter), s.apiVersion ?? null, s.dynamic ? 1 : 0, new Date().toISOString()],
      });
      return toRow(result.rows[0] as unknown as Record<string, unknown>);
    },
    /** Removes a subscription of the app; false when there is none with that id (SUB-05). */
    async deleteSubscription(app: string, generation: 'v0' | 'v1', id: string): Promise<boolean> {
      const result = await db.execute({ sql: 'DELETE FROM subscriptions WHERE app = ? AND generation = ? AND id = ?', args: [app, generation, id] });
      return result.rowsAffected > 0;
    },
    async listSubscriptions(app: string, generation: 'v0' | 'v1'): Promise<SubscriptionRow[]> {
      const result = await db.execute({ sql: 'SELECT * FROM subscriptions WHERE app = ? AND generation = ? ORDER BY created, id', args: [app, generation] });
      return result.rows.map((row) => toRow(row as unknown as Record<string, unknown>));
    },
    close: () => db.close(),
  };
}

export type Store = Awaited<ReturnType<typeof openStore>>;
