import { createHash, randomBytes, randomUUID } from 'node:crypto';
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

/** What a delivery needs of a subscription. */
export type DeliveryRoute = Pick<
  SubscriptionRow,
  'id' | 'generation' | 'url' | 'filter' | 'apiVersion'
>;

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

/**
 * The reference server's embedded SQL store: one file under the data directory, so nothing
 * acknowledged is lost on restart (a write is committed before the answer is sent).
 */
export interface GrantRow {
  id: string;
  clientId: string;
  access: 'organization' | 'personal';
  scope: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  revoked: boolean;
}

/** AUTH-07: access tokens live 604800 s, refresh tokens 365 days. */
export const ACCESS_TOKEN_SECONDS = 604_800;
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;

// Tokens are kept only as hashes: the store never holds a usable credential.
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export async function openStore(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const db: Client = createClient({ url: `file:${join(dataDir, 'service.db')}` });
  await db.execute('PRAGMA journal_mode = WAL');
  await db.executeMultiple(SCHEMA);
  const toGrant = (r: Record<string, unknown>): GrantRow => ({
    id: String(r.id),
    clientId: String(r.client_id),
    access: r.access as GrantRow['access'],
    scope: String(r.scope),
    accessExpiresAt: Number(r.access_expires_at),
    refreshExpiresAt: Number(r.refresh_expires_at),
    revoked: Number(r.revoked) === 1,
  });
  /** New tokens for a grant; returns them once, in clear, for the token response. */
  const issue = async (grantId: string, now: number) => {
    const accessToken = newToken('at');
    const refreshToken = newToken('rt');
    await db.execute({
      sql: 'UPDATE grants SET access_token_hash = ?, access_expires_at = ?, refresh_token_hash = ?, refresh_expires_at = ? WHERE id = ?',
      args: [
        hash(accessToken),
        now + ACCESS_TOKEN_SECONDS,
        hash(refreshToken),
        now + REFRESH_TOKEN_SECONDS,
        grantId,
      ],
    });
    return { accessToken, refreshToken };
  };

  // Revoked API keys and personal tokens, read once: this process is the store's only writer.
  const revokedCredentials = new Set(
    (await db.execute('SELECT token_hash FROM revoked_credentials')).rows.map((r) =>
      String(r.token_hash),
    ),
  );

  const toRow = (r: Record<string, unknown>): SubscriptionRow => ({
    id: String(r.id),
    app: String(r.app),
    generation: r.generation as 'v0' | 'v1',
    event: String(r.event),
    url: String(r.url),
    filter: r.filter === null ? null : (JSON.parse(String(r.filter)) as Record<string, unknown>),
    apiVersion: (r.api_version as string | null) ?? null,
    dynamic: Number(r.dynamic) === 1,
    created: String(r.created),
    lastSuccessAt: (r.last_success_at as string | null) ?? null,
    failStreakStartedAt: (r.fail_streak_started_at as string | null) ?? null,
    disabledAt: (r.disabled_at as string | null) ?? null,
  });

  const routes = new Map<string, readonly DeliveryRoute[]>();
  const successes = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | undefined;
  const flushSuccesses = async () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (successes.size === 0) return;
    const batch = [...successes].map(([id, at]) => ({
      sql: 'UPDATE subscriptions SET last_success_at = ?, fail_streak_started_at = NULL WHERE id = ?',
      args: [new Date(at).toISOString(), id],
    }));
    successes.clear();
    await db.batch(batch, 'write');
  };

  return {
    /**
     * Creates a subscription, or updates the filter of the one with the same app, generation, event
     * and URL (SUB-02). One statement: concurrent identical calls leave one row and share its id.
     */
    async upsertSubscription(s: {
      app: string;
      generation: 'v0' | 'v1';
      event: string;
      url: string;
      filter: unknown;
      apiVersion?: string;
      dynamic: boolean;
    }): Promise<SubscriptionRow> {
      routes.clear();
      const result = await db.execute({
        sql: `INSERT INTO subscriptions (id, app, generation, event, url, filter, api_version, dynamic, created)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (app, generation, event, url) DO UPDATE SET filter = excluded.filter
              RETURNING *`,
        args: [
          randomUUID(),
          s.app,
          s.generation,
          s.event,
          s.url,
          s.filter == null ? null : JSON.stringify(s.filter),
          s.apiVersion ?? null,
          s.dynamic ? 1 : 0,
          new Date().toISOString(),
        ],
      });
      return toRow(result.rows[0] as unknown as Record<string, unknown>);
    },
    /** Removes a subscription of the app; false when there is none with that id (SUB-05). */
    async deleteSubscription(app: string, generation: 'v0' | 'v1', id: string): Promise<boolean> {
      routes.clear();
      const result = await db.execute({
        sql: 'DELETE FROM subscriptions WHERE app = ? AND generation = ? AND id = ?',
        args: [app, generation, id],
      });
      return result.rowsAffected > 0;
    },
    async listSubscriptions(app: string, generation: 'v0' | 'v1'): Promise<SubscriptionRow[]> {
      await flushSuccesses();
      const result = await db.execute({
        sql: 'SELECT * FROM subscriptions WHERE app = ? AND generation = ? ORDER BY created, id',
        args: [app, generation],
      });
      return result.rows.map((row) => toRow(row as unknown as Record<string, unknown>));
    },
    /**
     * Where an event goes: the app's subscriptions of the generation and event that are not paused
     * (HEALTH-03). Served from memory: this process is the store's only writer and drops the cache
     * on every change of a subscription, so a delivery costs no query.
     */
    async activeSubscriptions(
      app: string,
      generation: 'v0' | 'v1',
      event: string,
    ): Promise<readonly DeliveryRoute[]> {
      const key = `${app} ${generation} ${event}`;
      const cached = routes.get(key);
      if (cached) return cached;
      const result = await db.execute({
        sql: 'SELECT * FROM subscriptions WHERE app = ? AND generation = ? AND event = ? AND disabled_at IS NULL ORDER BY created, id',
        args: [app, generation, event],
      });
      const found = result.rows.map((row) => {
        const {
          id,
          generation: g,
          url,
          filter,
          apiVersion,
        } = toRow(row as unknown as Record<string, unknown>);
        return { id, generation: g, url, filter, apiVersion };
      });
      routes.set(key, found);
      return found;
    },
    /**
     * HEALTH-02: a 2xx delivery; the subscription is healthy again. Written behind, in one batch
     * per 50 ms, and always before anything reads health or records a failure, so readers see
     * every success in order; a crash may lose the last 50 ms of `lastSuccessAt` updates, which
     * no client acknowledged. `at` is Unix milliseconds: formatted once per batch, not per delivery.
     */
    recordDeliverySuccess(id: string, at: number): void {
      successes.set(id, at);
      flushTimer ??= setTimeout(() => void flushSuccesses(), 50).unref();
    },
    /**
     * A delivery failed terminally: the first failure opens a streak (HEALTH-01); a v1 streak that
     * began at or before `pauseIfStreakSince` pauses the subscription (HEALTH-03). v0 subscriptions
     * are never paused (HEALTH-04). One statement, so concurrent deliveries cannot lose a change.
     */
    async recordDeliveryFailure(id: string, at: string, pauseIfStreakSince: string): Promise<void> {
      await flushSuccesses();
      routes.clear();
      await db.execute({
        sql: `UPDATE subscriptions SET
                disabled_at = CASE WHEN generation = 'v1' AND disabled_at IS NULL AND fail_streak_started_at IS NOT NULL
                                    AND fail_streak_started_at <= ? THEN ? ELSE disabled_at END,
                fail_streak_started_at = COALESCE(fail_streak_started_at, ?)
              WHERE id = ?`,
        args: [pauseIfStreakSince, at, at, id],
      });
    },
    /** A new grant with its first tokens (AUTH-07). */
    async createGrant(
      g: { clientId: string; access: GrantRow['access']; scope: string },
      now: number,
    ) {
      const id = randomUUID();
      await db.execute({
        sql: 'INSERT INTO grants (id, client_id, access, scope, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at) VALUES (?, ?, ?, ?, ?, 0, ?, 0)',
        args: [id, g.clientId, g.access, g.scope, `pending-${id}`, `pending-refresh-${id}`],
      });
      return { id, ...(await issue(id, now)) };
    },
    async grantByAccessToken(token: string): Promise<GrantRow | undefined> {
      const result = await db.execute({
        sql: 'SELECT * FROM grants WHERE access_token_hash = ?',
        args: [hash(token)],
      });
      return result.rows[0]
        ? toGrant(result.rows[0] as unknown as Record<string, unknown>)
        : undefined;
    },
    async grantByRefreshToken(token: string): Promise<GrantRow | undefined> {
      const result = await db.execute({
        sql: 'SELECT * FROM grants WHERE refresh_token_hash = ?',
        args: [hash(token)],
      });
      return result.rows[0]
        ? toGrant(result.rows[0] as unknown as Record<string, unknown>)
        : undefined;
    },
    /** The grant a rotated-away refresh token belonged to, while that token would still have lived. */
    async grantByRetiredRefreshToken(token: string, now: number): Promise<GrantRow | undefined> {
      const result = await db.execute({
        sql: 'SELECT grants.* FROM retired_refresh_tokens JOIN grants ON grants.id = retired_refresh_tokens.grant_id WHERE token_hash = ? AND expires_at >= ?',
        args: [hash(token), now],
      });
      return result.rows[0]
        ? toGrant(result.rows[0] as unknown as Record<string, unknown>)
        : undefined;
    },
    /**
     * AUTH-08: new tokens, possibly a narrower scope; the old refresh token stops working and is kept
     * as retired, so a replay of it can be told from a token never issued. Only the grant's current,
     * unrevoked refresh token rotates: of two concurrent refreshes with one token, one gets
     * `undefined`, as a replay does. Retired tokens past their lifetime are dropped.
     */
    async rotateGrant(
      grantId: string,
      refreshToken: string,
      scope: string,
      now: number,
    ): Promise<{ accessToken: string; refreshToken: string } | undefined> {
      const accessToken = newToken('at');
      const next = newToken('rt');
      const [, , rotated] = await db.batch(
        [
          { sql: 'DELETE FROM retired_refresh_tokens WHERE expires_at < ?', args: [now] },
          {
            sql: 'INSERT OR IGNORE INTO retired_refresh_tokens (token_hash, grant_id, expires_at) SELECT refresh_token_hash, id, refresh_expires_at FROM grants WHERE id = ? AND refresh_token_hash = ?',
            args: [grantId, hash(refreshToken)],
          },
          {
            sql: 'UPDATE grants SET scope = ?, access_token_hash = ?, access_expires_at = ?, refresh_token_hash = ?, refresh_expires_at = ? WHERE id = ? AND refresh_token_hash = ? AND revoked = 0',
            args: [
              scope,
              hash(accessToken),
              now + ACCESS_TOKEN_SECONDS,
              hash(next),
              now + REFRESH_TOKEN_SECONDS,
              grantId,
              hash(refreshToken),
            ],
          },
        ],
        'write',
      );
      return rotated!.rowsAffected === 1 ? { accessToken, refreshToken: next } : undefined;
    },
    /** AUTH-09: both tokens of the grant stop working, for good. */
    async revokeGrant(grantId: string): Promise<void> {
      await db.execute({ sql: 'UPDATE grants SET revoked = 1 WHERE id = ?', args: [grantId] });
    },
    /** AUTH-09 for an API key or personal token: kept, so the revocation outlives a restart. */
    async revokeCredential(token: string): Promise<void> {
      const tokenHash = hash(token);
      await db.execute({
        sql: 'INSERT OR IGNORE INTO revoked_credentials (token_hash) VALUES (?)',
        args: [tokenHash],
      });
      revokedCredentials.add(tokenHash);
    },
    isCredentialRevoked(token: string): boolean {
      return revokedCredentials.has(hash(token));
    },
    async close(): Promise<void> {
      await flushSuccesses();
      db.close();
    },
  };
}

export type Store = Awaited<ReturnType<typeof openStore>>;
