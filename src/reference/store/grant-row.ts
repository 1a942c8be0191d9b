export interface GrantRow {
  id: string;
  clientId: string;
  access: 'organization' | 'personal';
  scope: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  revoked: boolean;
}

/** A row of the `grants` table as the store's callers see it. */
function grantRow(row: unknown): GrantRow {
  const r = row as Record<string, unknown>;
  return {
    id: String(r.id),
    clientId: String(r.client_id),
    access: r.access as GrantRow['access'],
    scope: String(r.scope),
    accessExpiresAt: Number(r.access_expires_at),
    refreshExpiresAt: Number(r.refresh_expires_at),
    revoked: Number(r.revoked) === 1,
  };
}

/** The first row as a grant; undefined when there is none. */
export function firstGrant(rows: readonly unknown[]): GrantRow | undefined {
  if (rows.length === 0) return undefined;
  return grantRow(rows[0]);
}
