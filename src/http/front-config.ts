import type { VersionStatus } from '../versions.js';

/** What a bearer token stands for (VER-02, AUTH-11, AUTH-13). */
export interface Credential {
  /** The version the credential was pinned to at creation; without one, the baseline applies. */
  pin?: string;
  scopes: string[];
  /** API keys act as the organization; personal access tokens as their user. */
  access: 'organization' | 'personal';
  /** A revoked grant answers `token_revoked` (AUTH-09). */
  revoked?: boolean;
  /** An expired access token answers `invalid_token`, worth a refresh (AUTH-02). */
  expired?: boolean;
}

/** Finds what a bearer token stands for; undefined when it is unknown. */
export type TokenResolver = (
  bearer: string,
) => Credential | undefined | Promise<Credential | undefined>;

/** What the front rules need to know: credentials, version overrides, avatar hosts. */
export interface FrontConfig {
  /** Keyed by the bearer token; read only through `ownEntry`, since the key comes from outside. */
  tokens: Record<string, Credential>;
  /** Status overrides per version, to see VER-05: `deprecated` adds headers, `sunset` gives 410. */
  versions: Record<string, { status: VersionStatus; sunset?: string }>;
  /** Hosts whose URLs count as service-hosted avatars from 2026-08-25 (VER-12). */
  avatarHosts: string[];
}

/**
 * `record[key]` when `key` is the record's own: a key from outside (a bearer token, a version date)
 * must not find `Object.prototype` members such as `__proto__`, `constructor` or `toString`.
 */
export function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export const ALL_SCOPES = [
  'webhook:write',
  'webhook:read',
  'chat:send_message',
  'chat:write',
  'chat:history',
  'user:read',
  'user:read.email',
  'user:read.status',
  'transcript:read',
  'onair:read',
  'magicast:read',
];
