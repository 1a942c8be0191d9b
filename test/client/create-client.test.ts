import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ClientVersion,
  type ErrorCode,
  createClient,
  errorCode,
  versionHeaders,
} from '../../src/client/index.ts';
import type { DatedVersion } from '../../generated/types/index.ts';
import { listVersions } from '../../src/versions.ts';
import {
  type CannedAnswer,
  type RecordedRequest,
  startRecordingServer,
} from '../support/recording-server.ts';

const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const USER = '9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33';

function answer(request: RecordedRequest): CannedAnswer {
  const version = { 'Service-Version': String(request.headers['service-version'] ?? '2026-06-01') };
  if (request.url === '/v1/webhook.list')
    return {
      status: 200,
      headers: { ...version, Deprecation: '@1798761600', Sunset: 'Fri, 01 Jan 2027 00:00:00 GMT' },
      body: { ok: true, webhooks: [] },
    };
  if (request.url === '/v1/chat.postEphemeral')
    return { status: 403, headers: version, body: { error: 'not_in_chat' } };
  if (request.url === '/v0/webhook.subscribe') return { status: 401, body: { code: 'not_authed' } };
  return { status: 404, body: {} };
}

let server: Awaited<ReturnType<typeof startRecordingServer>>;
beforeAll(async () => (server = await startRecordingServer(answer)));
afterAll(() => server.close());

/** The one request `send` made: not the last one recorded, which may be an earlier test's. */
async function onlyRequest<T>(send: () => Promise<T>): Promise<[RecordedRequest, T]> {
  const before = server.requests.length;
  const result = await send();
  const sent = server.requests.slice(before);
  expect(sent).toHaveLength(1);
  return [sent[0]!, result];
}

describe('createClient', () => {
  it.each((listVersions() as DatedVersion[]).map((version) => [version] as const))(
    '%s: AUTH-01 and VER-02, sends the bearer token and pins Service-Version',
    async (version) => {
      const client = createClient({ version, baseUrl: `${server.url}/`, token: 'tok_1' });
      const [sent, { data, response }] = await onlyRequest(() => client.GET('/webhook.list'));
      expect(data).toEqual({ ok: true, webhooks: [] });
      expect(sent.headers.authorization).toBe('Bearer tok_1');
      expect(sent.headers['service-version']).toBe(version);
      expect(versionHeaders(response)).toEqual({
        serviceVersion: version,
        deprecation: '@1798761600',
        sunset: 'Fri, 01 Jan 2027 00:00:00 GMT',
      });
    },
  );

  it('VER-06: a v0 client sends no version header and reads v0 error codes', async () => {
    const client = createClient({ version: 'v0', baseUrl: server.url, token: 'tok_0' });
    const [sent, { error, response }] = await onlyRequest(() =>
      client.POST('/webhook.subscribe', {
        body: { url: 'https://h.example.com', event: 'lobby:booked' },
      }),
    );
    expect(sent.headers['service-version']).toBeUndefined();
    expect(response.status).toBe(401);
    expect(errorCode(error)).toBe('not_authed');
  });

  it('EPH-04: a typed error code', async () => {
    const client = createClient({ version: '2026-08-25', baseUrl: server.url, token: 'tok_1' });
    const { error } = await client.POST('/chat.postEphemeral', {
      body: { chatId: CHAT, userId: USER, text: 'hi' },
    });
    const code = errorCode<ErrorCode<'2026-08-25', '/chat.postEphemeral', 'post'>>(error);
    expect(code).toBe('not_in_chat');
  });

  it('refuses an unknown version, listing the supported ones', () => {
    expect(() =>
      createClient({ version: '2025-01-01' as '2026-06-01', baseUrl: server.url, token: 't' }),
    ).toThrow(/supported: v0, 2026-06-01/);
  });

  // [version, baseUrl after the server's origin, path the server must see]: the generation segment
  // is added once whether or not baseUrl already ends in it, after any base path prefix.
  it.each<[ClientVersion, string, string]>([
    ['2026-08-25', '', '/v1/webhook.list'],
    ['2026-08-25', '/', '/v1/webhook.list'],
    ['2026-08-25', '/v1', '/v1/webhook.list'],
    ['2026-08-25', '/v1/', '/v1/webhook.list'],
    ['2026-08-25', '/api', '/api/v1/webhook.list'],
    ['2026-08-25', '/api/', '/api/v1/webhook.list'],
    ['2026-08-25', '/api/v1', '/api/v1/webhook.list'],
    ['2026-08-25', '/api/v1/', '/api/v1/webhook.list'],
    ['v0', '', '/v0/webhook.subscribe'],
    ['v0', '/', '/v0/webhook.subscribe'],
    ['v0', '/v0', '/v0/webhook.subscribe'],
    ['v0', '/v0/', '/v0/webhook.subscribe'],
    ['v0', '/api', '/api/v0/webhook.subscribe'],
    ['v0', '/api/v0/', '/api/v0/webhook.subscribe'],
  ])('%s with baseUrl "<origin>%s" requests %s', async (version, suffix, path) => {
    const baseUrl = server.url + suffix;
    // v0 has no webhook.list, so each generation calls an operation it has.
    const [sent] = await onlyRequest(async () => {
      if (version === 'v0')
        await createClient({ version, baseUrl, token: 't' }).POST('/webhook.subscribe', {
          body: { url: 'https://h.example.com', event: 'lobby:booked' },
        });
      else await createClient({ version, baseUrl, token: 't' }).GET('/webhook.list');
    });
    expect(sent.url).toBe(path);
  });

  it.each<[ClientVersion, string]>([
    ['2026-08-25', '/v0'],
    ['2026-08-25', '/api/v0/'],
    ['v0', '/v1'],
    ['v0', '/api/v1/'],
  ])('%s refuses a baseUrl ending in the other generation ("<origin>%s")', (version, suffix) => {
    expect(() => createClient({ version, baseUrl: server.url + suffix, token: 't' })).toThrow(
      TypeError,
    );
    expect(() => createClient({ version, baseUrl: server.url + suffix, token: 't' })).toThrow(
      /ends in \/v[01], but this version is served under \/v[01]/,
    );
  });

  it('reads a host named like a generation as a host, not a path segment', () => {
    expect(() => createClient({ version: 'v0', baseUrl: 'http://v1', token: 't' })).not.toThrow();
  });

  it('errorCode reads error (v1), then code (v0), and nothing else', () => {
    const cases: Array<[unknown, string | undefined]> = [
      [{ error: 'a', code: 'b' }, 'a'],
      [{ code: 'b' }, 'b'],
      [{ message: 'x' }, undefined],
      ['text', undefined],
      [null, undefined],
    ];
    for (const [body, want] of cases) expect(errorCode(body)).toBe(want);
  });
});

describe('client types', () => {
  it('pins request and response shapes to the version', () => {
    const v0 = createClient({ version: 'v0', baseUrl: server.url, token: 't' });
    const v1 = createClient({ version: '2026-08-25', baseUrl: server.url, token: 't' });
    // Type-checked by `tsc` in npm test, never called: the lines below send nothing.
    const typeOnly = () => {
      const subscribe = {
        url: 'https://h.example.com',
        event: 'chat.message',
        filter: { mention: true },
      } as const;
      // A v1 subscription body: event names of v1 and the mention filter.
      void v1.POST('/webhook.subscribe', { body: subscribe });
      // @ts-expect-error v0 knows neither v1 event names nor the mention filter (SUB-01, SUB-04)
      void v0.POST('/webhook.subscribe', { body: subscribe });
      // @ts-expect-error v0 has no list endpoint
      void v0.GET('/webhook.list');
      // Unknown body fields are refused, at any depth (openapi-fetch's own client accepts them: see
      // ServiceClient).
      void v1.POST('/webhook.subscribe', {
        // @ts-expect-error unknownKey is not a field of the v1 subscription body
        body: { url: 'https://h.example.com', event: 'chat.message', unknownKey: 1 },
      });
      void v1.POST('/webhook.subscribe', {
        body: {
          url: 'https://h.example.com',
          event: 'chat.message',
          // @ts-expect-error bogus is not a field of the v1 filter
          filter: { mention: true, bogus: 1 },
        },
      });
      // @ts-expect-error unknownKey is not a field of the v0 unsubscribe body
      void v0.POST('/webhook.unsubscribe', { body: { id: USER, unknownKey: 1 } });
      // @ts-expect-error a misspelt init option is refused too (openapi-fetch adds
      // `[key: string]: unknown` to the init)
      void v1.GET('/webhook.list', { parseAz: 'text' });
      // The same shapes without the extra keys, and an init that only changes parsing.
      void v1.POST('/webhook.subscribe', {
        body: { url: 'https://h.example.com', event: 'chat.message', filter: { mention: true } },
      });
      void v0.POST('/webhook.unsubscribe', { body: { id: USER } });
      void v1
        .GET('/webhook.list', { parseAs: 'text' })
        .then(({ data }) => expectTypeOf(data).toEqualTypeOf<string | undefined>());
    };
    expectTypeOf<ErrorCode<'2026-08-25', '/chat.postEphemeral', 'post'>>().toEqualTypeOf<
      | 'missing_parameter'
      | 'invalid_parameter'
      | 'user_not_in_chat'
      | 'is_archived'
      | 'access_mode_not_supported'
      | 'not_authed'
      | 'invalid_token'
      | 'token_revoked'
      | 'not_in_chat'
      | 'not_in_group'
      | 'group_not_found'
      | 'chat_not_found'
      | 'user_not_found'
      | 'msg_too_long'
    >();
    expectTypeOf<ErrorCode<'v0', '/webhook.subscribe', 'post'>>().toEqualTypeOf<
      'not_authed' | 'invalid_token' | 'token_revoked'
    >();
    // No runtime assertion: everything above is checked by `tsc` (npm test), and typeOnly is never
    // called.
    void typeOnly;
  });
});
