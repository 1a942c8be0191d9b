import type { Sql } from './sql.js';
import { hashToken } from './tokens.js';

/**
 * AUTH-09 for API keys and personal tokens: a revocation is kept, so it outlives a restart. The
 * hashes are read once: this process is the store's only writer.
 */
export async function revokedCredentials(db: Sql) {
  const result = await db.execute('SELECT token_hash FROM revoked_credentials');
  const revoked = new Set(result.rows.map((r) => String(r.token_hash)));
  return {
    async revokeCredential(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.execute({
        sql: 'INSERT OR IGNORE INTO revoked_credentials (token_hash) VALUES (?)',
        args: [tokenHash],
      });
      revoked.add(tokenHash);
    },
    isCredentialRevoked: (token: string): boolean => revoked.has(hashToken(token)),
  };
}
