import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Sql, openSql } from './sql.js';

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
);
CREATE TABLE IF NOT EXISTS grants (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  access TEXT NOT NULL,
  scope TEXT NOT NULL,
  access_token_hash TEXT NOT NULL UNIQUE,
  access_expires_at INTEGER NOT NULL,
  refresh_token_hash TEXT NOT NULL UNIQUE,
  refresh_expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS retired_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS retired_refresh_tokens_expiry ON retired_refresh_tokens (expires_at);
CREATE TABLE IF NOT EXISTS revoked_credentials (
  token_hash TEXT PRIMARY KEY
)`;

/** How the store keeps what it wrote. */
export interface StoreOptions {
  /**
   * Flush each commit to the disk (the default): nothing acknowledged is lost even when the
   * machine stops. Without it a commit still reaches the operating system before its answer is
   * sent, so a restart of the server loses nothing; a throwaway store (a test's) spares the
   * flushes, which were a third of the CPU of a run of hundreds of short-lived servers.
   */
  durable?: boolean;
}

/**
 * The store's one file under the data directory, with its tables. Write-ahead logging: a write is
 * committed before the answer that acknowledges it is sent, so nothing acknowledged is lost on
 * restart.
 */
export async function openDatabase(
  dataDir: string,
  { durable = true }: StoreOptions = {},
): Promise<Sql> {
  mkdirSync(dataDir, { recursive: true });
  const db = openSql(join(dataDir, 'service.db'));
  await db.execute('PRAGMA journal_mode = WAL');
  if (!durable) await db.execute('PRAGMA synchronous = OFF');
  await db.executeMultiple(SCHEMA);
  return db;
}
