import { beforeAll, describe, expect, it } from 'vitest';
import { listVersions } from '../../src/versions.ts';
import { useFrontServers } from '../support/front-servers.ts';

// The front rules (src/http/front.ts) over real HTTP, against both servers that apply them: the
// mock and the reference server. Each server has its own credentials, named by role.
interface Target {
  url: string;
  tokens: {
    pinned: (version: string) => string;
    noScopes: string;
    revoked: string;
    personal: string;
  };
}
const targets: Record<string, Target> = {};
const servers = useFrontServers();
beforeAll(() => {
  targets.mock = {
    url: servers.mock.url,
    tokens: {
      pinned: (v) => `mock-${v}`,
      noScopes: 'mock-no-scopes',
      revoked: 'mock-revoked',
      personal: 'mock-personal',
    },
  };
  targets.reference = {
    url: servers.reference.url,
    tokens: {
      pinned: (v) => `sk-${v}`,
      noScopes: 'sk-no-scopes',
      revoked: 'sk-revoked',
      personal: 'pat-ada',
    },
  };
});

const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const USER = '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d';
type Case = {
  path: string;
  method?: string;
  token?: (t: Target['tokens']) => string;
  version?: string;
  json?: unknown;
  status: number;
  names?: string;
  body?: unknown;
};

const cases: Array<[string, Case]> = [
  [
    'VER-02: the pin decides without a header',
    {
      path: '/v1/webhook.list',
      token: (t) => t.pinned('2026-07-07'),
      status: 200,
      names: '2026-07-07',
    },
  ],
  [
    'VER-02: the header wins over the pin',
    {
      path: '/v1/webhook.list',
      token: (t) => t.pinned('2026-07-07'),
      version: '2026-08-20',
      status: 200,
      names: '2026-08-20',
    },
  ],
  [
    'VER-04: an unknown version lists the supported ones',
    {
      path: '/v1/webhook.list',
      token: (t) => t.pinned('2026-08-25'),
      version: '2031-01-01',
      status: 400,
      names: '2026-08-25',
      body: { supportedVersions: listVersions() },
    },
  ],
  [
    'AUTH-01: no credential',
    { path: '/v1/webhook.list', status: 401, names: '2026-06-01', body: { error: 'not_authed' } },
  ],
  [
    'AUTH-02: an unknown token',
    {
      path: '/v1/webhook.list',
      token: () => 'nope',
      status: 401,
      body: { error: 'invalid_token' },
    },
  ],
  [
    'AUTH-09: a revoked grant',
    {
      path: '/v1/webhook.list',
      token: (t) => t.revoked,
      status: 401,
      body: { error: 'token_revoked' },
    },
  ],
  [
    'SUB-08: list without webhook:read',
    { path: '/v1/webhook.list', token: (t) => t.noScopes, status: 401 },
  ],
  [
    'AUTH-13: postEphemeral without a chat scope',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.noScopes,
      json: { chatId: CHAT, userId: USER, text: 'hi' },
      status: 403,
    },
  ],
  [
    'EPH-02: missing text',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.pinned('2026-08-25'),
      json: { chatId: CHAT, userId: USER },
      status: 400,
      body: { error: 'missing_parameter' },
    },
  ],
  [
    'EPH-03: text over 8,000 bytes',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.pinned('2026-08-25'),
      json: { chatId: CHAT, userId: USER, text: 'a'.repeat(8001) },
      status: 413,
      body: { error: 'msg_too_long' },
    },
  ],
  [
    'EPH-04: another method',
    { path: '/v1/chat.postEphemeral', token: (t) => t.pinned('2026-08-25'), status: 405 },
  ],
  [
    'VER-12: 2026-08-25 refuses an avatar from another host',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.pinned('2026-08-25'),
      json: {
        chatId: CHAT,
        userId: USER,
        text: 'hi',
        sender: { imageUrl: 'https://cdn.example.com/a.png' },
      },
      status: 400,
      body: { error: 'invalid_parameter' },
    },
  ],
  [
    'VER-12: 2026-08-20 accepts it',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.pinned('2026-08-20'),
      json: {
        chatId: CHAT,
        userId: USER,
        text: 'hi',
        sender: { imageUrl: 'https://cdn.example.com/a.png' },
      },
      status: 200,
    },
  ],
  [
    'AUTH-11: a personal token may not send sender',
    {
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      token: (t) => t.personal,
      json: { chatId: CHAT, userId: USER, text: 'hi', sender: { name: 'Bot' } },
      status: 400,
      body: { error: 'access_mode_not_supported' },
    },
  ],
];

describe.each(['mock', 'reference'])('%s', (name) => {
  it.each(cases)('%s', async (_, c) => {
    const target = targets[name]!;
    const headers: Record<string, string> = {};
    if (c.token) headers.authorization = `Bearer ${c.token(target.tokens)}`;
    if (c.version) headers['service-version'] = c.version;
    if (c.json) headers['content-type'] = 'application/json';
    const response = await fetch(`${target.url}${c.path}`, {
      method: c.method ?? 'GET',
      headers,
      body: c.json ? JSON.stringify(c.json) : undefined,
    });
    const text = await response.text();
    expect(response.status).toBe(c.status);
    // VER-03: every v1 answer names a version, errors included.
    expect(response.headers.get('service-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (c.names) expect(response.headers.get('service-version')).toBe(c.names);
    if (c.body) expect(JSON.parse(text)).toEqual(c.body);
  });
});
