import { readFileSync } from 'node:fs';
import { type VersionRegistry, type VersionStatus, loadVersionRegistry } from '../versions.ts';

/** A bearer token the mock accepts, and what it stands for (VER-02, AUTH-11, AUTH-13). */
export interface MockToken {
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
export type TokenResolver = (bearer: string) => MockToken | undefined | Promise<MockToken | undefined>;

export interface MockConfig {
  tokens: Record<string, MockToken>;
  /** Status overrides per version, to see VER-05: `deprecated` adds headers, `sunset` gives 410. */
  versions: Record<string, { status: VersionStatus; sunset?: string }>;
  /** Hosts whose URLs count as service-hosted avatars from 2026-08-25 (VER-12). */
  avatarHosts: string[];
}

export const ALL_SCOPES = [
  'webhook:write', 'webhook:read', 'chat:send_message', 'chat:write', 'chat:history', 'user:read',
  'user:read.email', 'user:read.status', 'transcript:read', 'onair:read', 'magicast:read',
];

/**
 * The tokens every mock has unless its config replaces them: one organization token pinned to each
 * version (`mock-<version>`), a personal token, one without scopes, and a revoked one.
 */
export function defaultConfig(registry: VersionRegistry = loadVersionRegistry()): MockConfig {
  const tokens: Record<string, MockToken> = {};
  for (const { version } of registry.versions) tokens[`mock-${version}`] = { pin: version, scopes: ALL_SCOPES, access: 'organization' };
  tokens['mock-personal'] = { pin: registry.latest, scopes: ['chat:write', 'webhook:read'], access: 'personal' };
  tokens['mock-no-scopes'] = { pin: registry.latest, scopes: [], access: 'organization' };
  tokens['mock-revoked'] = { pin: registry.latest, scopes: ALL_SCOPES, access: 'organization', revoked: true };
  return { tokens, versions: {}, avatarHosts: ['assets.service.invalid'] };
}

/** The defaults, with a JSON config file's `tokens`, `versions` and `avatarHosts` laid over them. */
export function loadMockConfig(file?: string, registry?: VersionRegistry): MockConfig {
  const defaults = defaultConfig(registry);
  if (!file) return defaults;
  const given = JSON.parse(readFileSync(file, 'utf8')) as Partial<MockConfig>;
  return {
    tokens: { ...defaults.tokens, ...given.tokens },
    versions: { ...defaults.versions, ...given.versions },
    avatarHosts: given.avatarHosts ?? defaults.avatarHosts,
  };
}
