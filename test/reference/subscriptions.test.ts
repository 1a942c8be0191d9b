import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/reference-server.ts';
import { HANDLERS } from '../../src/reference/handlers/index.ts';
import { listOperations } from '../../src/openapi/operations.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

// The reference server's subscriptions over real HTTP, each answer also checked against its
// document.
const documents = loadDocumentsByVersion();
const reference = useReferenceServer();

async function call(
  path: string,
  init: { method?: string; token?: string; json?: unknown; form?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const method = init.method ?? 'GET';
  const response = await fetch(`${reference.server.url}${path}`, {
    method,
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  const key = path.startsWith('/v0/') ? 'v0' : response.headers.get('service-version')!;
  const { document, validator } = documents.get(key)!;
  const diagnostics = checkResponse(document, validator, {
    path: path.slice(3),
    method,
    status: response.status,
    headers: response.headers,
    body,
  });
  return { status: response.status, body, diagnostics };
}

const subscribe = (json: unknown, token = 'sk-2026-08-25') =>
  call('/v0/webhook.subscribe', { method: 'POST', token, json });
const unsubscribe = (id: string, token = 'sk-2026-08-25') =>
  call('/v0/webhook.unsubscribe', { method: 'POST', token, form: `id=${id}` });

describe('v0 subscriptions', () => {
  it('SUB-01: subscribe answers the subscription with a uuid', async () => {
    const answer = await subscribe({
      url: 'https://h.example.com/a',
      event: 'lobby:booked',
      filter: { lobbyId: 'l1' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event: 'lobby:booked',
      url: 'https://h.example.com/a',
      filter: { lobbyId: 'l1' },
    });
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-02: a second subscribe for the same event and URL updates the filter and keeps the id', async () => {
    const first = await subscribe({
      url: 'https://h.example.com/b',
      event: 'chat:message:reaction',
      filter: { codes: ['heart'] },
    });
    const second = await subscribe({
      url: 'https://h.example.com/b',
      event: 'chat:message:reaction',
      filter: { codes: [':fire:'] },
    });
    expect(second.body).toEqual({ ...first.body, filter: { codes: [':fire:'] } });
    const other = await subscribe({ url: 'https://h.example.com/b', event: 'chat:message:dm' });
    expect(other.body.id).not.toBe(first.body.id);
    expect(other.body.filter).toBeNull();
  });

  const refusals: Array<
    [string, { json: unknown; token?: string; status: number; body?: unknown }]
  > = [
    [
      'SUB-03: a url over 1024 characters',
      {
        json: { url: `https://h.example.com/${'a'.repeat(1003)}`, event: 'lobby:booked' },
        status: 400,
        body: { code: 'invalid_parameter' },
      },
    ],
    [
      'SUB-03: plain HTTP outside a local environment',
      {
        json: { url: 'http://h.example.com/a', event: 'lobby:booked' },
        status: 400,
        body: { code: 'invalid_parameter' },
      },
    ],
    [
      'SUB-04: a filter key v0 does not have',
      {
        json: {
          url: 'https://h.example.com/a',
          event: 'chat:message:dm',
          filter: { chatType: 'dm' },
        },
        status: 400,
      },
    ],
    [
      'SUB-01: magicast.created is not subscribable',
      { json: { url: 'https://h.example.com/a', event: 'magicast.created' }, status: 400 },
    ],
    [
      'SUB-06: a personal token',
      {
        json: { url: 'https://h.example.com/a', event: 'lobby:booked' },
        token: 'pat-ada',
        status: 401,
      },
    ],
    [
      'SUB-06: a key without webhook:write',
      {
        json: { url: 'https://h.example.com/a', event: 'lobby:booked' },
        token: 'sk-no-scopes',
        status: 401,
      },
    ],
  ];
  it.each(refusals)('%s is refused', async (_, { json, token, status, body }) => {
    const answer = await subscribe(json, token);
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toEqual(body);
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-03: plain HTTP to a loopback destination is local and allowed', async () => {
    expect(
      (await subscribe({ url: 'http://127.0.0.1:9999/hook', event: 'lobby:booked' })).status,
    ).toBe(200);
  });

  it('SUB-05: unsubscribe answers 204, then 404 for the same id', async () => {
    const { body } = await subscribe({
      url: 'https://h.example.com/c',
      event: 'transcript:started',
    });
    const first = await unsubscribe(body.id);
    expect([first.status, first.body, first.diagnostics]).toEqual([204, undefined, []]);
    const again = await unsubscribe(body.id);
    expect([again.status, again.diagnostics]).toEqual([404, []]);
  });

  it("SUB-05: another app's or an unknown id gives 404", async () => {
    expect((await unsubscribe('3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10')).status).toBe(404);
  });
});

describe('v1 list', () => {
  it('SUB-07: lists the static subscription with dynamic false', async () => {
    const answer = await call('/v1/webhook.list', { token: 'sk-2026-08-25' });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks).toEqual([
      expect.objectContaining({
        event: 'chat.message',
        url: 'http://127.0.0.1:9/static-hook',
        dynamic: false,
      }),
    ]);
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-08: needs webhook:read', async () => {
    const answer = await call('/v1/webhook.list', { token: 'sk-no-scopes' });
    expect([answer.status, answer.diagnostics]).toEqual([401, []]);
  });

  it('token.info names the client, the principal and the scopes of the token', async () => {
    const key = await call('/v1/token.info', { token: 'sk-2026-08-25' });
    expect([key.status, key.diagnostics]).toEqual([200, []]);
    expect(key.body).toMatchObject({
      ok: true,
      client: 'app_acme',
      scopes: expect.arrayContaining(['webhook:read', 'chat:write']),
    });
    const personal = await call('/v1/token.info', { token: 'pat-ada' });
    expect(personal.body.principal).not.toBe(key.body.principal);
    expect(personal.body.scopes).toEqual(['chat:write', 'webhook:read', 'webhook:write']);
  });
});

describe('v1 subscribe and unsubscribe', () => {
  const v1 = (path: string, json: unknown, token = 'sk-2026-07-07') =>
    call(`/v1/${path}`, { method: 'POST', token, json });

  it('VER-14: a subscription takes the credential pin, or the apiVersion asked for, and keeps it', async () => {
    const pinned = await v1('webhook.subscribe', {
      event: 'chat.message',
      url: 'https://h.example.com/v1a',
    });
    expect([pinned.status, pinned.body.apiVersion, pinned.diagnostics]).toEqual([
      200,
      '2026-07-07',
      [],
    ]);
    const explicit = await v1('webhook.subscribe', {
      event: 'chat.reaction',
      url: 'https://h.example.com/v1a',
      apiVersion: '2026-08-25',
    });
    expect(explicit.body.apiVersion).toBe('2026-08-25');
    const again = await v1('webhook.subscribe', {
      event: 'chat.reaction',
      url: 'https://h.example.com/v1a',
      apiVersion: '2026-06-01',
      filter: { names: ['heart'] },
    });
    expect([again.body.id, again.body.apiVersion, again.body.filter]).toEqual([
      explicit.body.id,
      '2026-08-25',
      { names: ['heart'] },
    ]);
  });

  const refusals: Array<[string, { json: unknown; error: string }]> = [
    [
      'SUB-09: an empty filter',
      {
        json: { event: 'chat.message', url: 'https://h.example.com/x', filter: {} },
        error: 'invalid_parameter',
      },
    ],
    [
      'SUB-09: mention false alone',
      {
        json: { event: 'chat.message', url: 'https://h.example.com/x', filter: { mention: false } },
        error: 'invalid_parameter',
      },
    ],
    [
      'VER-14: an apiVersion that does not exist',
      {
        json: { event: 'chat.message', url: 'https://h.example.com/x', apiVersion: '2025-01-01' },
        error: 'invalid_parameter',
      },
    ],
    [
      'SUB-03: plain HTTP to another host',
      {
        json: { event: 'chat.message', url: 'http://h.example.com/x' },
        error: 'invalid_parameter',
      },
    ],
    ['no url', { json: { event: 'chat.message' }, error: 'missing_parameter' }],
  ];
  it.each(refusals)('%s is refused with 400', async (_, { json, error }) => {
    const answer = await v1('webhook.subscribe', json);
    expect([answer.status, answer.body, answer.diagnostics]).toEqual([400, { error }, []]);
  });

  it('SUB-09: mention false may accompany another key', async () => {
    expect(
      (
        await v1('webhook.subscribe', {
          event: 'chat.message',
          url: 'https://h.example.com/m',
          filter: { mention: false, chatType: 'dm' },
        })
      ).status,
    ).toBe(200);
  });

  it('SUB-07: lists the new subscription as dynamic; unsubscribe removes it once', async () => {
    const { body } = await v1('webhook.subscribe', {
      event: 'meeting.ended',
      url: 'https://h.example.com/gone',
      filter: { hasVideo: true },
    });
    const listed = await call('/v1/webhook.list', { token: 'sk-2026-08-25' });
    expect(listed.body.webhooks).toContainEqual(
      expect.objectContaining({ id: body.id, dynamic: true, filter: { hasVideo: true } }),
    );
    const removed = await v1('webhook.unsubscribe', { id: body.id });
    expect([removed.status, removed.body, removed.diagnostics]).toEqual([200, { ok: true }, []]);
    expect((await v1('webhook.unsubscribe', { id: body.id })).status).toBe(400);
  });

  it('a static subscription cannot be unsubscribed', async () => {
    const listed = await call('/v1/webhook.list', { token: 'sk-2026-08-25' });
    const configured = listed.body.webhooks.find((w: { dynamic: boolean }) => !w.dynamic);
    expect((await v1('webhook.unsubscribe', { id: configured.id })).status).toBe(400);
  });
});

describe('coverage of the documents', () => {
  it('every operation of v0, every dated v1 document and the OAuth server has a handler', () => {
    const missing: string[] = [];
    for (const [key, { document }] of documents) {
      const generation = key === 'v0' || key === 'auth' ? key : 'v1';
      for (const entry of listOperations(document).filter((e) => e.kind === 'path')) {
        const name = `${generation} ${entry.method} ${entry.name}`;
        if (!HANDLERS[name]) missing.push(name);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
