import type { Profile } from '../conformance/profile/profile.js';
import { listOperations } from '../openapi/operations.js';
import { loadDocumentsByVersion } from '../validation/documents-by-version.js';
import { loadVersionRegistry } from '../versions.js';
import { type MockConfig, defaultConfig } from './config.js';

/**
 * A conformance profile for the mock. The mock answers from the documents and honours versioning
 * and credentials, but keeps no state and sends no deliveries: it has no seeded chats (the ids are
 * placeholders), no OAuth client of its own, and no event trigger.
 */
export function mockProfile(url: string, config: MockConfig = defaultConfig()): Profile {
  const implemented = [...loadDocumentsByVersion()].flatMap(([key, { document }]) =>
    listOperations(document)
      .filter((e) => e.kind === 'path')
      .map((e) => `${key === 'v0' || key === 'auth' ? key : 'v1'} ${e.method} ${e.name}`),
  );
  const placeholder = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    format: 'service-contract/profile@1',
    baseUrl: url,
    authUrl: url,
    credentials: Object.entries(config.tokens).map(([token, c]) => ({
      token,
      kind: c.access === 'personal' ? 'personal_access_token' : 'api_key',
      access: c.access,
      scopes: c.scopes,
      pin: c.pin ?? null,
      revoked: c.revoked ?? false,
    })),
    implements: [...new Set(implemented)],
    fixtures: {
      users: {
        member: placeholder(1),
        otherMember: placeholder(2),
        app: placeholder(3),
        unknown: placeholder(4),
      },
      chats: Object.fromEntries(
        [
          'dm',
          'mpdm',
          'channel',
          'archivedChannel',
          'channelWithoutApp',
          'dmWithoutApp',
          'foreignChannel',
        ].map((name, i) => [name, placeholder(10 + i)]),
      ),
    },
    // No `app` on these: the mock signs nothing, so no app's secret belongs to them (AUTH-12).
    oauthClients: [
      {
        id: 'mock-confidential',
        secret: 'mock-secret',
        redirectUris: ['http://localhost:8080/callback'],
        scopes: ['chat:write', 'webhook:read', 'webhook:write'],
      },
      {
        id: 'mock-public',
        redirectUris: ['http://localhost:8080/callback'],
        scopes: ['chat:write', 'webhook:read', 'webhook:write'],
      },
    ],
    consent: { query: {} },
    signingSecret: `whsec_${Buffer.from('mock-signing-secret-of-32-bytes!').toString('base64')}`,
    timeScale: 1,
    // VER-05: the mock answers each version as its config (--deprecate, --sunset) or else the
    // registry says (a field of format 3, read by every format).
    lifecycle: {
      deprecated: versionsWith('deprecated', config),
      sunset: versionsWith('sunset', config),
    },
  };
}

function versionsWith(status: string, config: MockConfig): string[] {
  return loadVersionRegistry()
    .versions.filter((v) => (config.versions[v.version]?.status ?? v.status) === status)
    .map((v) => v.version);
}
