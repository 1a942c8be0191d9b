import { beforeAll, describe, expect, it } from 'vitest';
import { listVersions } from '../../src/versions.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { useFrontServers } from '../support/front-servers.ts';

// Credentials and version dates are looked up by what the request says (src/http/front.ts,
// src/http/resolve-version.ts, src/reference/resolve-token.ts). Over real HTTP, against both
// servers: a bearer or a Service-Version named like an Object.prototype member is an unknown one
// (AUTH-02, VER-04), never a credential, a 200 or a 500; and afterwards, every seeded credential
// answers as before (a revoke with such a bearer once revoked them all).
interface Target {
  url: string;
  working: string[];
  revoked: string;
}
const targets: Record<string, Target> = {};
const servers = useFrontServers();
beforeAll(() => {
  targets.mock = {
    url: servers.mock.url,
    working: [...listVersions().map((v) => `mock-${v}`), 'mock-personal', 'mock-no-scopes'],
    revoked: 'mock-revoked',
  };
  targets.reference = {
    url: servers.reference.url,
    working: [...listVersions().map((v) => `sk-${v}`), 'sk-unpinned', 'sk-no-scopes', 'pat-ada'],
    revoked: 'sk-revoked',
  };
});

const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const USER = '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d';
type Door = { path: string; method?: string; json?: unknown; body: Record<string, string> };
const doors: Array<[string, Door]> = [
  ['AUTH-02: token.info', { path: '/v1/token.info', body: { error: 'invalid_token' } }],
  [
    'AUTH-02, AUTH-09: token.revoke',
    { path: '/v1/token.revoke', method: 'POST', body: { error: 'invalid_token' } },
  ],
  ['AUTH-02, SUB-08: webhook.list', { path: '/v1/webhook.list', body: { error: 'invalid_token' } }],
  [
    'AUTH-02, AUTH-13: chat.postEphemeral',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      json: { chatId: CHAT, userId: USER, text: 'hi' },
      body: { error: 'invalid_token' },
    },
  ],
  [
    'AUTH-02, SUB-06: v0 webhook.subscribe',
    {
      path: '/v0/webhook.subscribe',
      method: 'POST',
      json: { event: 'lobby:booked', url: 'https://hooks.example.com/a' },
      body: { code: 'invalid_token' },
    },
  ],
];
const bearerCases = doors.flatMap(([door, d]) =>
  PROTOTYPE_NAMES.map((name) => [`${door} with Bearer ${name}`, { ...d, bearer: name }] as const),
);

function call(
  target: Target,
  path: string,
  init: { method?: string; bearer?: string; version?: string; json?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.version) headers['service-version'] = init.version;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${target.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

describe.each(['mock', 'reference'])('%s', (name) => {
  it.each(bearerCases)('%s: 401 invalid_token', async (_, door) => {
    const response = await call(targets[name]!, door.path, door);
    expect([response.status, await response.json()]).toEqual([401, door.body]);
  });

  it.each(PROTOTYPE_NAMES.map((n) => [n] as const))(
    'VER-04: Service-Version %s is an unsupported version, listed with the supported ones',
    async (version) => {
      const target = targets[name]!;
      const response = await call(target, '/v1/webhook.list', {
        bearer: target.working[0],
        version,
      });
      expect([response.status, await response.json()]).toEqual([
        400,
        { supportedVersions: listVersions() },
      ]);
    },
  );

  it.each(
    PROTOTYPE_NAMES.flatMap(
      (n) =>
        [
          [`/v1/${n}`, { error: 'unknown_method' }],
          [`/v0/${n}`, { code: 'unknown_method' }],
          [`/${n}`, { error: 'unknown_method' }],
        ] as const,
    ),
  )('the path %s is no operation: 404', async (path, body) => {
    const target = targets[name]!;
    const response = await call(target, path, { bearer: target.working[0] });
    expect([response.status, await response.json()]).toEqual([404, body]);
  });

  it('afterwards every seeded credential answers as before, and Object.prototype is untouched', async () => {
    const target = targets[name]!;
    for (const token of target.working)
      expect([token, (await call(target, '/v1/token.info', { bearer: token })).status]).toEqual([
        token,
        200,
      ]);
    const revoked = await call(target, '/v1/token.info', { bearer: target.revoked });
    expect([revoked.status, await revoked.json()]).toEqual([401, { error: 'token_revoked' }]);
    expect(Object.hasOwn(Object.prototype, 'revoked')).toBe(false);
  });
});
