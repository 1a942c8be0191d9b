import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatedVersion } from '../../generated/types/index.ts';
import { createClient } from '../../src/client/index.ts';
import { defaultConfig } from '../../src/mock/config.ts';
import { startMock } from '../../src/mock/server.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';
import { listVersions } from '../../src/versions.ts';

const VERSIONS = listVersions() as DatedVersion[];
const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const USER = '9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33';
const config = defaultConfig();
config.tokens['mock-unpinned'] = { scopes: ['webhook:read'], access: 'organization' };
// A second mock where one version is sunset and one deprecated (VER-05); the first keeps all six.
const lifecycleConfig = defaultConfig();
lifecycleConfig.versions['2026-07-23'] = { status: 'sunset' };
lifecycleConfig.versions['2026-08-07'] = { status: 'deprecated', sunset: '2027-08-07' };

let mock: Awaited<ReturnType<typeof startMock>>;
let lifecycle: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  [mock, lifecycle] = await Promise.all([
    startMock({ config }),
    startMock({ config: lifecycleConfig }),
  ]);
}, 60_000);
afterAll(() => Promise.all([mock.close(), lifecycle.close()]));

const documents = loadDocumentsByVersion();

/** Checks an answer against the document of the version it names (or v0 / auth). */
function conforms(key: string, path: string, method: string, response: Response, body: unknown) {
  const { document, validator } = documents.get(key)!;
  return checkResponse(document, validator, {
    path,
    method,
    status: response.status,
    headers: response.headers,
    body,
  });
}

interface CallInit {
  method?: string;
  token?: string;
  version?: string;
  json?: unknown;
  form?: string;
  raw?: string;
  headers?: Record<string, string>;
  server?: { url: string };
}

/**
 * Calls the mock; the answer carries how it differs from its document (for documented operations).
 */
async function call(path: string, init: CallInit = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.version) headers['service-version'] = init.version;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const method = init.method ?? 'GET';
  const body =
    init.raw ?? init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const response = await fetch(`${(init.server ?? mock).url}${path}`, { method, headers, body });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  const version = response.headers.get('service-version');
  const key = path.startsWith('/v1/') ? version! : path.startsWith('/v0/') ? 'v0' : 'auth';
  const documentPath = key === 'auth' ? path : path.slice(3);
  const known = (
    documents.get(key)?.document.paths?.[documentPath] as Record<string, unknown> | undefined
  )?.[method.toLowerCase()];
  const diagnostics =
    known && response.status !== 410 ? conforms(key, documentPath, method, response, parsed) : [];
  return { response, status: response.status, version, body: parsed, diagnostics };
}

describe.each(VERSIONS.map((v) => [v] as const))('%s through the typed client', (version) => {
  const client = () => createClient({ version, baseUrl: mock.url, token: `mock-${version}` });

  it('VER-03: lists subscriptions as the document says, naming the version', async () => {
    const { data, response } = await client().GET('/webhook.list');
    expect(response.status).toBe(200);
    expect(response.headers.get('service-version')).toBe(version);
    expect(conforms(version, '/webhook.list', 'get', response, data)).toEqual([]);
  });

  it('EPH-01: posts an ephemeral message as the document says', async () => {
    const { data, response } = await client().POST('/chat.postEphemeral', {
      body: { chatId: CHAT, userId: USER, text: 'hi' },
    });
    expect(response.status).toBe(200);
    expect(conforms(version, '/chat.postEphemeral', 'post', response, data)).toEqual([]);
  });
});

describe('versioning', () => {
  const cases: Array<
    [
      string,
      {
        path?: string;
        token?: string;
        version?: string;
        status: number;
        names: string | null;
        body?: unknown;
        lifecycle?: boolean;
      },
    ]
  > = [
    [
      'VER-02: the header wins over the pin',
      { token: 'mock-2026-07-07', version: '2026-08-20', status: 200, names: '2026-08-20' },
    ],
    [
      'VER-02: without the header, the pin',
      { token: 'mock-2026-07-07', status: 200, names: '2026-07-07' },
    ],
    [
      'VER-02: without header or pin, the baseline',
      { token: 'mock-unpinned', status: 200, names: '2026-06-01' },
    ],
    [
      'VER-04: an unknown date gives 400 listing the supported versions',
      {
        token: 'mock-2026-08-25',
        version: '2025-01-01',
        status: 400,
        names: '2026-08-25',
        body: { supportedVersions: VERSIONS },
      },
    ],
    [
      'VER-04, VER-05: a sunset version is no longer listed as supported',
      {
        token: 'mock-2026-08-25',
        version: '2025-01-01',
        status: 400,
        names: '2026-08-25',
        body: { supportedVersions: VERSIONS.filter((v) => v !== '2026-07-23') },
        lifecycle: true,
      },
    ],
    [
      'VER-04: a malformed version gives 400 too',
      { token: 'mock-2026-08-25', version: 'latest', status: 400, names: '2026-08-25' },
    ],
    [
      'VER-05: a sunset version gives 410',
      {
        token: 'mock-2026-08-25',
        version: '2026-07-23',
        status: 410,
        names: '2026-07-23',
        lifecycle: true,
      },
    ],
    [
      'VER-05: a request pinned to a sunset version gives 410',
      { token: 'mock-2026-07-23', status: 410, names: '2026-07-23', lifecycle: true },
    ],
    [
      'VER-03: errors name the version too',
      { version: '2026-08-20', status: 401, names: '2026-08-20', body: { error: 'not_authed' } },
    ],
  ];
  it.each(cases)(
    '%s',
    async (
      _,
      { path = '/v1/webhook.list', token, version, status, names, body, lifecycle: useLifecycle },
    ) => {
      const answer = await call(path, { token, version, server: useLifecycle ? lifecycle : mock });
      expect(answer.status).toBe(status);
      expect(answer.version).toBe(names);
      if (body) expect(answer.body).toEqual(body);
      expect(answer.diagnostics).toEqual([]);
    },
  );

  it('VER-05: a deprecated version answers with Deprecation and Sunset', async () => {
    const { response } = await call('/v1/webhook.list', {
      token: 'mock-2026-08-07',
      server: lifecycle,
    });
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.headers.get('sunset')).toBe('Sat, 07 Aug 2027 00:00:00 GMT');
    const current = await call('/v1/webhook.list', { token: 'mock-2026-08-25', server: lifecycle });
    expect([
      current.response.headers.get('deprecation'),
      current.response.headers.get('sunset'),
    ]).toEqual([null, null]);
  });

  it('VER-06: v0 answers carry no version header', async () => {
    expect(
      (
        await call('/v0/webhook.subscribe', {
          method: 'POST',
          token: 'mock-2026-08-25',
          json: { url: 'https://h.example.com', event: 'lobby:booked' },
        })
      ).version,
    ).toBeNull();
  });
});

describe('authentication, scopes and requests', () => {
  const eph = { chatId: CHAT, userId: USER, text: 'hi' };
  const post = (json: unknown, token = 'mock-2026-08-25', version?: string) =>
    call('/v1/chat.postEphemeral', { method: 'POST', token, version, json });
  const cases: Array<
    [string, { send: () => ReturnType<typeof call>; status: number; body?: unknown }]
  > = [
    [
      'AUTH-01: no credential',
      { send: () => call('/v1/webhook.list'), status: 401, body: { error: 'not_authed' } },
    ],
    [
      'AUTH-02: an unknown token',
      {
        send: () => call('/v1/webhook.list', { token: 'nope' }),
        status: 401,
        body: { error: 'invalid_token' },
      },
    ],
    [
      'AUTH-02, AUTH-09: a revoked grant',
      {
        send: () => call('/v1/webhook.list', { token: 'mock-revoked' }),
        status: 401,
        body: { error: 'token_revoked' },
      },
    ],
    [
      'AUTH-02: v0 names the code in code',
      {
        send: () => call('/v0/webhook.subscribe', { method: 'POST', json: {} }),
        status: 401,
        body: { code: 'not_authed' },
      },
    ],
    [
      'SUB-08: list without webhook:read',
      { send: () => call('/v1/webhook.list', { token: 'mock-no-scopes' }), status: 401 },
    ],
    [
      'AUTH-13: postEphemeral without a chat scope',
      { send: () => post(eph, 'mock-no-scopes'), status: 403 },
    ],
    [
      'SUB-06: v0 subscribe is organization-only',
      {
        send: () =>
          call('/v0/webhook.subscribe', {
            method: 'POST',
            token: 'mock-personal',
            json: { url: 'https://h.example.com', event: 'lobby:booked' },
          }),
        status: 401,
      },
    ],
    [
      'AUTH-11: a personal token may not send sender',
      {
        send: () => post({ ...eph, sender: { name: 'Bot' } }, 'mock-personal'),
        status: 400,
        body: { error: 'access_mode_not_supported' },
      },
    ],
    [
      'EPH-02: no text',
      {
        send: () => post({ chatId: CHAT, userId: USER }),
        status: 400,
        body: { error: 'missing_parameter' },
      },
    ],
    [
      'EPH-02: chatId not a UUID',
      {
        send: () => post({ ...eph, chatId: 'C-1' }),
        status: 400,
        body: { error: 'invalid_parameter' },
      },
    ],
    [
      'EPH-02: sender.name over 128 characters',
      {
        send: () => post({ ...eph, sender: { name: 'n'.repeat(129) } }),
        status: 400,
        body: { error: 'invalid_parameter' },
      },
    ],
    [
      'EPH-03: text of 8,001 bytes',
      {
        send: () => post({ ...eph, text: 'a'.repeat(8001) }),
        status: 413,
        body: { error: 'msg_too_long' },
      },
    ],
    [
      'EPH-03: text of exactly 8,000 bytes in 2,000 four-byte characters',
      { send: () => post({ ...eph, text: '😀'.repeat(2000) }), status: 200 },
    ],
    [
      'EPH-03: 2,001 four-byte characters are over 8,000 bytes',
      { send: () => post({ ...eph, text: '😀'.repeat(2001) }), status: 413 },
    ],
    [
      'EPH-04: another method gives 405',
      { send: () => call('/v1/chat.postEphemeral', { token: 'mock-2026-08-25' }), status: 405 },
    ],
    [
      'VER-12: 2026-08-25 refuses an avatar that is not service-hosted',
      {
        send: () => post({ ...eph, sender: { imageUrl: 'https://cdn.example.com/a.png' } }),
        status: 400,
        body: { error: 'invalid_parameter' },
      },
    ],
    [
      'VER-12: 2026-08-25 accepts a legacy /card-images/ avatar',
      {
        send: () =>
          post({ ...eph, sender: { imageUrl: 'https://x.example.com/card-images/a.png' } }),
        status: 200,
      },
    ],
    [
      'VER-12: 2026-08-20 still accepts any HTTPS avatar',
      {
        send: () =>
          post(
            { ...eph, sender: { imageUrl: 'https://cdn.example.com/a.png' } },
            'mock-2026-08-20',
          ),
        status: 200,
      },
    ],
    [
      'SUB-03: a url of 1025 characters',
      {
        send: () =>
          call('/v0/webhook.subscribe', {
            method: 'POST',
            token: 'mock-2026-08-25',
            json: { url: `https://h.example.com/${'a'.repeat(1003)}`, event: 'lobby:booked' },
          }),
        status: 400,
        body: { code: 'invalid_parameter' },
      },
    ],
    [
      'SUB-05: v0 unsubscribe takes a form',
      {
        send: () =>
          call('/v0/webhook.unsubscribe', {
            method: 'POST',
            token: 'mock-2026-08-25',
            form: `id=${CHAT}`,
          }),
        status: 204,
      },
    ],
    [
      'SUB-05: v0 unsubscribe refuses JSON',
      {
        send: () =>
          call('/v0/webhook.unsubscribe', {
            method: 'POST',
            token: 'mock-2026-08-25',
            json: { id: CHAT },
          }),
        status: 400,
      },
    ],
    [
      'a body that is not JSON',
      {
        send: () =>
          call('/v1/chat.postEphemeral', {
            method: 'POST',
            token: 'mock-2026-08-25',
            raw: '{oops',
            headers: { 'content-type': 'application/json' },
          }),
        status: 400,
        body: { error: 'invalid_parameter' },
      },
    ],
    [
      'a body over 1 MiB',
      { send: () => post({ ...eph, text: 'a'.repeat(1_100_000) }), status: 413 },
    ],
    [
      'AUTH-03: the token endpoint refuses client_credentials',
      {
        send: () =>
          call('/oauth/token', {
            method: 'POST',
            form: 'grant_type=client_credentials&client_id=a&client_secret=b',
          }),
        status: 400,
        body: { error: 'invalid_request' },
      },
    ],
    [
      'AUTH-10: the metadata document',
      { send: () => call('/.well-known/oauth-authorization-server'), status: 200 },
    ],
    [
      "Prism's Prefer header still picks a response",
      {
        send: () =>
          call('/v1/chat.postEphemeral', {
            method: 'POST',
            token: 'mock-2026-08-25',
            json: eph,
            headers: { prefer: 'code=404' },
          }),
        status: 404,
        body: { error: 'chat_not_found' },
      },
    ],
  ];
  it.each(cases)('%s', async (_, { send, status, body }) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toEqual(body);
    // Every answer of a documented operation is one its document allows, errors included.
    expect(answer.diagnostics).toEqual([]);
  });
});
