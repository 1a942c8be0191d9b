import { createHash, randomBytes } from 'node:crypto';

/** AUTH-07: access tokens live 604800 s, refresh tokens 365 days. */
export const ACCESS_TOKEN_SECONDS = 604_800;
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;

// Tokens are kept only as hashes: the store never holds a usable credential.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (prefix: 'at' | 'rt') =>
  `${prefix}_${randomBytes(24).toString('base64url')}`;
