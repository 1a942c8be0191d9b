import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/mock/server.ts';
import { REQUEST_VIOLATIONS_HEADER, VIOLATIONS_HEADER, startProxy } from '../../src/proxy/proxy.ts';
import { startRecordingServer } from '../support/recording-server.ts';

// The proxy judges each request against the document of the version it resolves, before the
// implementation sees it: reported apart from the answer's findings by default, answered with the
// spec's 4xx and never forwarded under `rejectInvalid`. The mock applies the same rules with a
// token it knows, so its own answer to each request is the refusal the proxy must give.
const VERSION = '2026-08-25';
const TOKEN = `Bearer mock-${VERSION}`;
const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const USER = '9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33';
const EPHEMERAL = { chatId: CHAT, userId: USER, text: 'Only you can see this.' };
// A subscription's destination: every subscribe body carries one (the body requires event and url).
const HOOK = 'https://hooks.example.com/in';

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A v1 call with a credential and the version named, as valid traffic sends it. */
function v1(path: string, json?: unknown, headers: Record<string, string> = {}): Sent {
  return {
    method: json === undefined ? 'GET' : 'POST',
    path: `/v1${path}`,
    headers: {
      authorization: TOKEN,
      'service-version': VERSION,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  };
}

function without(sent: Sent, header: string): Sent {
  const { [header]: _, ...headers } = sent.headers ?? {};
  return { ...sent, headers };
}

interface Invalid {
  sent: Sent;
  rule: string;
  location: string;
  status: number;
  /** The mock answers this one too; false where it leaves the rule to the implementation. */
  mock?: boolean;
}

const INVALID: Array<[string, Invalid]> = [
  [
    'a required body field missing',
    {
      sent: v1('/chat.postEphemeral', { chatId: CHAT, userId: USER }),
      rule: 'missing_parameter',
      location: 'body/text',
      status: 400,
    },
  ],
  [
    'a field of the wrong type',
    {
      sent: v1('/chat.postEphemeral', { ...EPHEMERAL, threadTimestamp: 'yesterday' }),
      rule: 'invalid_parameter',
      location: 'body/threadTimestamp',
      status: 400,
    },
  ],
  [
    'a field out of its format (uuid)',
    {
      sent: v1('/chat.postEphemeral', { ...EPHEMERAL, chatId: 'general' }),
      rule: 'invalid_parameter',
      location: 'body/chatId',
      status: 400,
    },
  ],
  [
    'a field over its maxLength',
    {
      sent: v1('/chat.postEphemeral', { ...EPHEMERAL, sender: { name: 'n'.repeat(129) } }),
      rule: 'invalid_parameter',
      location: 'body/sender/name',
      status: 400,
    },
  ],
  [
    'a field against its pattern',
    {
      sent: v1('/webhook.subscribe', {
        event: 'chat.message',
        url: HOOK,
        apiVersion: '25/08/2026',
      }),
      rule: 'invalid_parameter',
      location: 'body/apiVersion',
      status: 400,
    },
  ],
  [
    'an empty object where minProperties is 1',
    {
      sent: v1('/webhook.subscribe', { event: 'chat.message', url: HOOK, filter: {} }),
      rule: 'invalid_parameter',
      location: 'body/filter',
      status: 400,
    },
  ],
  [
    'a content type the operation does not take',
    {
      sent: v1('/chat.postEphemeral', EPHEMERAL, { 'content-type': 'text/plain' }),
      rule: 'invalid_parameter',
      location: 'header Content-Type',
      status: 400,
    },
  ],
  [
    'a missing body',
    {
      sent: { ...without(v1('/chat.postEphemeral', EPHEMERAL), 'content-type'), body: undefined },
      rule: 'invalid_parameter',
      location: 'header Content-Type',
      status: 400,
    },
  ],
  [
    'malformed JSON',
    {
      sent: { ...v1('/chat.postEphemeral', EPHEMERAL), body: '{"chatId":' },
      rule: 'invalid_parameter',
      location: 'body',
      status: 400,
    },
  ],
  [
    'EPH-03: text over its 8,000 bytes (x-max-bytes)',
    {
      sent: v1('/chat.postEphemeral', { ...EPHEMERAL, text: 'é'.repeat(4001) }),
      rule: 'msg_too_long',
      location: 'body/text',
      status: 413,
    },
  ],
  [
    'VER-12: an avatar the service does not host (x-avatar-url)',
    {
      sent: v1('/chat.postEphemeral', {
        ...EPHEMERAL,
        sender: { imageUrl: 'https://elsewhere.example/me.png' },
      }),
      rule: 'invalid_parameter',
      location: 'body/sender/imageUrl',
      status: 400,
    },
  ],
  [
    'VER-04: a malformed Service-Version',
    {
      sent: v1('/webhook.list', undefined, { 'service-version': 'latest' }),
      rule: 'unsupported_version',
      location: 'header Service-Version',
      status: 400,
    },
  ],
  [
    'VER-04: an unknown Service-Version date',
    {
      sent: v1('/webhook.list', undefined, { 'service-version': '2020-01-01' }),
      rule: 'unsupported_version',
      location: 'header Service-Version',
      status: 400,
    },
  ],
  [
    'AUTH-01: no credential',
    {
      sent: without(v1('/webhook.list'), 'authorization'),
      rule: 'not_authed',
      location: 'header Authorization',
      status: 401,
    },
  ],
  [
    'AUTH-01: a credential that is not a bearer token',
    {
      sent: v1('/webhook.list', undefined, { authorization: 'Basic YTpi' }),
      rule: 'not_authed',
      location: 'header Authorization',
      status: 401,
    },
  ],
  [
    'an unknown route',
    { sent: v1('/chat.delete'), rule: 'unknown_method', location: 'request', status: 404 },
  ],
  [
    'a method the route does not take',
    {
      sent: v1('/chat.postEphemeral'),
      rule: 'method_not_allowed',
      location: 'request',
      status: 405,
    },
  ],
  [
    'a repeated query field',
    {
      sent: v1('/webhook.list?limit=1&limit=2'),
      rule: 'invalid_parameter',
      location: 'query',
      status: 400,
    },
  ],
  [
    'v0: a content type the operation does not take, answered in v0 shape',
    {
      sent: {
        method: 'POST',
        path: '/v0/webhook.unsubscribe',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: '{"id":"3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10"}',
      },
      rule: 'invalid_parameter',
      location: 'header Content-Type',
      status: 400,
    },
  ],
  [
    'OAuth: a required query parameter missing',
    {
      sent: { path: '/oauth/authorize?response_type=code&redirect_uri=https%3A%2F%2Fa.example' },
      rule: 'invalid_request',
      location: 'query client_id',
      status: 400,
      mock: false,
    },
  ],
  [
    'OAuth: a query parameter against its const (AUTH-06)',
    {
      sent: {
        path: '/oauth/authorize?response_type=code&client_id=a&redirect_uri=https%3A%2F%2Fa.example&code_challenge=x&code_challenge_method=plain',
      },
      rule: 'invalid_request',
      location: 'query code_challenge_method',
      status: 400,
      mock: false,
    },
  ],
];

const VALID: Array<[string, Sent]> = [
  ['GET /v1/webhook.list', v1('/webhook.list')],
  [
    'GET /v1/webhook.list at the baseline (no Service-Version)',
    without(v1('/webhook.list'), 'service-version'),
  ],
  ['POST /v1/chat.postEphemeral', v1('/chat.postEphemeral', EPHEMERAL)],
  [
    'POST /v1/chat.postEphemeral with a hosted avatar and 8,000 bytes of text',
    v1('/chat.postEphemeral', {
      ...EPHEMERAL,
      text: 'é'.repeat(4000),
      sender: { name: 'Bot', imageUrl: 'https://cdn.example/card-images/bot.png' },
    }),
  ],
  [
    'POST /v1/webhook.subscribe',
    v1('/webhook.subscribe', {
      event: 'chat.message',
      url: 'https://hooks.example.com/in',
      filter: { chatType: 'group' },
      apiVersion: VERSION,
    }),
  ],
  ['GET /v1/token.info', v1('/token.info')],
  [
    'POST /v0/webhook.unsubscribe (form)',
    {
      method: 'POST',
      path: '/v0/webhook.unsubscribe',
      headers: { authorization: TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
    },
  ],
  [
    'GET /oauth/authorize',
    {
      path: '/oauth/authorize?response_type=code&client_id=a&redirect_uri=https%3A%2F%2Fa.example',
    },
  ],
  [
    'GET /.well-known/oauth-authorization-server',
    { path: '/.well-known/oauth-authorization-server' },
  ],
];

const logged: string[] = [];
let mock: Awaited<ReturnType<typeof startMock>>;
let recorder: Awaited<ReturnType<typeof startRecordingServer>>;
let reporting: Awaited<ReturnType<typeof startProxy>>;
let rejecting: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  mock = await startMock();
  recorder = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
  reporting = await startProxy({ upstream: mock.url, log: (line) => logged.push(line) });
  rejecting = await startProxy({
    upstream: recorder.url,
    rejectInvalid: true,
    log: (line) => logged.push(line),
  });
}, 60_000);
afterAll(() => Promise.all([mock.close(), recorder.close(), reporting.close(), rejecting.close()]));

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The request exactly as written (node:http, so a malformed body or target is sent as is). */
function send(base: string, sent: Sent): Promise<Got> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request(
      { hostname, port, path: sent.path, method: sent.method ?? 'GET', headers: sent.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject).end(sent.body);
  });
}

function requestViolations(got: Got): Array<Record<string, unknown>> {
  const header = got.headers[REQUEST_VIOLATIONS_HEADER.toLowerCase()];
  return header === undefined ? [] : (JSON.parse(String(header)) as Array<Record<string, unknown>>);
}

describe('proxy request rules', () => {
  it.each(INVALID)('reports %s in its request header and log, and forwards it', async (_, row) => {
    const lines = logged.length;
    const got = await send(reporting.url, row.sent);
    expect(requestViolations(got)[0]).toMatchObject({ rule: row.rule, location: row.location });
    // Forwarded: the answer is the mock's own, and is judged on its own.
    if (row.mock !== false) expect(got.status).toBe(row.status);
    const line = logged.slice(lines).find((l) => l.startsWith('request-violation '));
    expect(line).toMatch(
      new RegExp(`^request-violation ${row.sent.method ?? 'GET'} \\S+ ${row.status} forwarded: `),
    );
    expect(line).toContain(`${row.location}: `);
  });

  it.each(INVALID)(
    'with rejectInvalid answers %s with the spec refusal and forwards nothing',
    async (_, row) => {
      const before = recorder.requests.length;
      const got = await send(rejecting.url, row.sent);
      expect(recorder.requests.length).toBe(before);
      expect(got.status).toBe(row.status);
      expect(got.headers['content-type']).toBe('application/json');
      expect(requestViolations(got)[0]).toMatchObject({ rule: row.rule, location: row.location });
      expect(got.headers[VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
      const body = JSON.parse(got.body) as Record<string, unknown>;
      if (row.rule === 'unsupported_version')
        expect(body.supportedVersions).toEqual(expect.arrayContaining([VERSION]));
      else if (row.sent.path.startsWith('/v0/')) expect(body).toEqual({ code: row.rule });
      else expect(body).toEqual({ error: row.rule });
      if (row.mock === false) return;
      // The same answer the mock gives: the one table of statuses and error shapes.
      const direct = await send(mock.url, row.sent);
      expect({ status: got.status, body }).toEqual({
        status: direct.status,
        body: JSON.parse(direct.body),
      });
      if (row.status === 405) expect(got.headers.allow).toBe(direct.headers.allow);
    },
  );

  it.each(VALID)('reports nothing about valid %s, and forwards it', async (_, sent) => {
    const lines = logged.length;
    const got = await send(reporting.url, sent);
    expect(got.headers[REQUEST_VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
    expect(got.headers[VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
    expect(logged.slice(lines)).toEqual([]);
    const before = recorder.requests.length;
    const passed = await send(rejecting.url, sent);
    expect(recorder.requests.length).toBe(before + 1);
    expect(passed.status).toBe(200);
    expect(passed.headers[REQUEST_VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('VER-12: counts an avatar on a host given in avatarHosts as service-hosted', async () => {
    const sent = v1('/chat.postEphemeral', {
      ...EPHEMERAL,
      sender: { imageUrl: 'https://assets.example/avatar/1.png' },
    });
    const hosted = await startProxy({
      upstream: recorder.url,
      rejectInvalid: true,
      avatarHosts: ['assets.example'],
      log: (line) => logged.push(line),
    });
    try {
      expect((await send(hosted.url, sent)).status).toBe(200);
      expect((await send(rejecting.url, sent)).status).toBe(400);
    } finally {
      await hosted.close();
    }
  });

  it('keeps request and answer findings apart: an invalid request answered wrongly has both', async () => {
    const wrong = await startRecordingServer(() => ({ status: 200, body: { webhooks: 'none' } }));
    const proxy = await startProxy({ upstream: wrong.url, log: (line) => logged.push(line) });
    try {
      const got = await send(proxy.url, without(v1('/webhook.list'), 'authorization'));
      expect(requestViolations(got).map((v) => v.rule)).toEqual(['not_authed']);
      const answer = JSON.parse(String(got.headers[VIOLATIONS_HEADER.toLowerCase()])) as Array<{
        rule: string;
      }>;
      expect(answer.map((v) => v.rule)).not.toContain('not_authed');
      expect(answer.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([proxy.close(), wrong.close()]);
    }
  });
});
