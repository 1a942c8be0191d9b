import { randomUUID } from 'node:crypto';
import type { Sql, SqlStatement } from './sql.js';
import { type GrantRow, firstGrant } from './grant-row.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, hashToken, newToken } from './tokens.js';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

const ISSUE =
  'UPDATE grants SET access_token_hash = ?, access_expires_at = ?, refresh_token_hash = ?, refresh_expires_at = ? WHERE id = ?';

/** New tokens for a grant; returns them once, in clear, for the token response. */
async function issue(db: Sql, grantId: string, now: number): Promise<IssuedTokens> {
  const accessToken = newToken('at');
  const refreshToken = newToken('rt');
  await db.execute({
    sql: ISSUE,
    args: [
      hashToken(accessToken),
      now + ACCESS_TOKEN_SECONDS,
      hashToken(refreshToken),
      now + REFRESH_TOKEN_SECONDS,
      grantId,
    ],
  });
  return { accessToken, refreshToken };
}

const CREATE =
  'INSERT INTO grants (id, client_id, access, scope, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at) VALUES (?, ?, ?, ?, ?, 0, ?, 0)';

/** A new grant with its first tokens (AUTH-07). */
async function createGrant(
  db: Sql,
  g: { clientId: string; access: GrantRow['access']; scope: string },
  now: number,
): Promise<{ id: string } & IssuedTokens> {
  const id = randomUUID();
  await db.execute({
    sql: CREATE,
    args: [id, g.clientId, g.access, g.scope, `pending-${id}`, `pending-refresh-${id}`],
  });
  return { id, ...(await issue(db, id, now)) };
}

/**
 * The columns a grant is found by a token in. A closed set: the column is chosen by the caller's
 * code, never by a request, so no input reaches the statement's text.
 */
const TOKEN_COLUMNS = ['access_token_hash', 'refresh_token_hash'] as const;
type TokenColumn = (typeof TOKEN_COLUMNS)[number];

/** The grant whose current token in `column` is `token`. */
export async function grantByToken(
  db: Sql,
  column: TokenColumn,
  token: string,
): Promise<GrantRow | undefined> {
  if (!TOKEN_COLUMNS.includes(column)) return undefined;
  const result = await db.execute({
    sql: `SELECT * FROM grants WHERE ${column} = ?`,
    args: [hashToken(token)],
  });
  return firstGrant(result.rows);
}

const BY_RETIRED =
  'SELECT grants.* FROM retired_refresh_tokens JOIN grants ON grants.id = retired_refresh_tokens.grant_id WHERE token_hash = ? AND expires_at >= ?';

/** The grant a rotated-away refresh token belonged to, while that token would still have lived. */
async function grantByRetiredRefreshToken(
  db: Sql,
  token: string,
  now: number,
): Promise<GrantRow | undefined> {
  const result = await db.execute({ sql: BY_RETIRED, args: [hashToken(token), now] });
  return firstGrant(result.rows);
}

const RETIRE =
  'INSERT OR IGNORE INTO retired_refresh_tokens (token_hash, grant_id, expires_at) SELECT refresh_token_hash, id, refresh_expires_at FROM grants WHERE id = ? AND refresh_token_hash = ?';
const ROTATE =
  'UPDATE grants SET scope = ?, access_token_hash = ?, access_expires_at = ?, refresh_token_hash = ?, refresh_expires_at = ? WHERE id = ? AND refresh_token_hash = ? AND revoked = 0';

/** Drop expired retired tokens, retire the presented one, store the new pair: in this order. */
function rotation(
  grantId: string,
  presented: string,
  scope: string,
  now: number,
  next: IssuedTokens,
): SqlStatement[] {
  const old = hashToken(presented);
  return [
    { sql: 'DELETE FROM retired_refresh_tokens WHERE expires_at < ?', args: [now] },
    { sql: RETIRE, args: [grantId, old] },
    {
      sql: ROTATE,
      args: [
        scope,
        hashToken(next.accessToken),
        now + ACCESS_TOKEN_SECONDS,
        hashToken(next.refreshToken),
        now + REFRESH_TOKEN_SECONDS,
        grantId,
        old,
      ],
    },
  ];
}

/**
 * AUTH-08: new tokens, possibly a narrower scope; the old refresh token stops working and is kept
 * as retired, so a replay of it can be told from a token never issued. Only the grant's current,
 * unrevoked refresh token rotates: of two concurrent refreshes with one token, one gets
 * `undefined`, as a replay does. Retired tokens past their lifetime are dropped.
 */
async function rotateGrant(
  db: Sql,
  grantId: string,
  refreshToken: string,
  scope: string,
  now: number,
): Promise<IssuedTokens | undefined> {
  const next = { accessToken: newToken('at'), refreshToken: newToken('rt') };
  const statements = rotation(grantId, refreshToken, scope, now, next);
  const [, , rotated] = await db.batch(statements);
  if (rotated!.rowsAffected !== 1) return undefined;
  return next;
}

/** AUTH-09: both tokens of the grant stop working, for good. */
async function revokeGrant(db: Sql, grantId: string): Promise<void> {
  await db.execute({ sql: 'UPDATE grants SET revoked = 1 WHERE id = ?', args: [grantId] });
}

/** OAuth grants and their tokens (AUTH-07..09) over `db`. */
export function grants(db: Sql) {
  return {
    createGrant: (g: Parameters<typeof createGrant>[1], now: number) => createGrant(db, g, now),
    grantByAccessToken: (token: string) => grantByToken(db, 'access_token_hash', token),
    grantByRefreshToken: (token: string) => grantByToken(db, 'refresh_token_hash', token),
    grantByRetiredRefreshToken: (token: string, now: number) =>
      grantByRetiredRefreshToken(db, token, now),
    rotateGrant: (grantId: string, refreshToken: string, scope: string, now: number) =>
      rotateGrant(db, grantId, refreshToken, scope, now),
    revokeGrant: (grantId: string) => revokeGrant(db, grantId),
  };
}
