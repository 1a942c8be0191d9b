import { readFileSync } from 'node:fs';
import { ALL_SCOPES, type Credential, type FrontConfig } from '../http/front-config.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';

/** The mock's configuration is the front's. */
export type MockConfig = FrontConfig;

/**
 * The tokens every mock has unless its config replaces them: one organization token pinned to each
 * version (`mock-<version>`), a personal token, one without scopes, and a revoked one.
 */
export function defaultConfig(registry: VersionRegistry = loadVersionRegistry()): MockConfig {
  const tokens: Record<string, Credential> = {};
  for (const { version } of registry.versions)
    tokens[`mock-${version}`] = { pin: version, scopes: ALL_SCOPES, access: 'organization' };
  tokens['mock-personal'] = {
    pin: registry.latest,
    scopes: ['chat:write', 'webhook:read'],
    access: 'personal',
  };
  tokens['mock-no-scopes'] = { pin: registry.latest, scopes: [], access: 'organization' };
  tokens['mock-revoked'] = {
    pin: registry.latest,
    scopes: ALL_SCOPES,
    access: 'organization',
    revoked: true,
  };
  return { tokens, versions: {}, avatarHosts: ['assets.service.invalid'] };
}

/**
 * The defaults, with a JSON config file's `tokens`, `versions` and `avatarHosts` laid over them.
 */
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
