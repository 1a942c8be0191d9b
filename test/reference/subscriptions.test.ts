import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/reference-server.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

// The reference server's subscriptions over real HTTP, each answer also checked against its document.
const documents = loadDocumentsByVersion();
const reference = useReferenceServer();

async function call(path: string, init: { method?: string; token?: string; json?: unknown; form?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const method = init.method ?? 'GET';
  const response = await fetch(`${reference.server.url}${path}`, { method, headers, body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)) });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  const key = path.startsWith('/v0/') ? 'v0' : response.headers.get('service-version')!;
  const { document, validator } = documents.get(key)!;
  const diagnostics = checkResponse(document, validator, { path: path.slice(3), method, status: response.status, headers: response.headers, body });
  return { status: response.status, body, diagnostics };
}

const subscribe = (json: unknown, token = 'sk-2026-08-25') => call('/v0/webhook.subscribe', { method: 'POST', token, json });
const unsubscribe = (id: string, token = 'sk-2026-08-25') => call('/v0/webhook.unsubscribe', { method: 'POST', token, form: `id=${id}` });

describe('v0 subscriptions', () => {
  it('SUB-01: subscribe answers the subscription with a uuid', async () => {
    const answer = await subscribe({ url: 'https://h.example.com/a', event: 'lobby:booked', filter: { lobbyId: 'l1' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), event: 'lobby:booked', url: 'https://h.example.com/a', filter: { lobbyId: 'l1' } });
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-02: a second subscribe for the same event and URL updates the filter and keeps the id', async () => {
    const first = await subscribe({ url: 'https://h.example.com/b', event: 'chat:message:reaction', filter: { codes: ['heart'] } });
    const second = await subscribe({ url: 'https://h.example.com/b', event: 'chat:message:reaction', filter: { codes: [':fire:'] } });
    expect(second.body).toEqual({ ...first.body, filter: { codes: [':fire:'] } });
    const other = await subscribe({ url: 'https://h.example.com/b', event: 'chat:message:dm' });
    expect(other.body.id).not.toBe(first.body.id);
    expect(other.body.filter).toBeNull();
  });

  const refusals: Array<[string, { json: unknown; token?: string; status: number; body?: unknown }]> = [
    ['SUB-03: a url over 1024 characters', { json: { url: `https://h.example.com/${'a'.repeat(1003)}`, event: 'lobby:booked' }, status: 400, body: { code: 'invalid_parameter' } }],
    ['SUB-03: plain HTTP outside a local environment', { json: { url: 'http://h.example.com/a', event: 'lobby:booked' }, status: 400, body: { code: 'invalid_parameter' } }],
    ['SUB-04: a filter key v0 does not have', { json: { url: 'https://h.example.com/a', event: 'chat:message:dm', filter: { chatType: 'dm' } }, status: 400 }],
    ['SUB-01: magicast.created is not subscribable', { json: { url: 'https://h.example.com/a', event: 'magicast.created' }, status: 400 }],
    ['SUB-06: a personal token', { json: { url: 'https://h.example.com/a', event: 'lobby:booked' }, token: 'pat-ada', status: 401 }],
    ['SUB-06: a key without webhook:write', { json: { url: 'https://h.example.com/a', event: 'lobby:booked' }, token: 'sk-no-scopes', status: 401 }],
  ];
  it.each(refusals)('%s is refused', async (_, { json, token, status, body }) => {
    const answer = await subscribe(json, token);
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toEqual(body);
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-03: plain HTTP to a loopback destination is local and allowed', async () => {
    expect((await subscribe({ url: 'http://127.0.0.1:9999/hook', event: 'lobby:booked' })).status).toBe(200);
  });

  it('SUB-05: unsubscribe answers 204, then 404 for the same id', async () => {
    const { body } = await subscribe({ url: 'https://h.example.com/c', event: 'transcript:started' });
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
    expect(answer.body.webhooks).toEqual([expect.objectContaining({ event: 'chat.message', url: 'https://hooks.example.com/static', dynamic: false })]);
    expect(answer.diagnostics).toEqual([]);
  });

  it('SUB-08: needs webhook:read', async () => {
    const answer = await call('/v1/webhook.list', { token: 'sk-no-scopes' });
    expect([answer.status, answer.diagnostics]).toEqual([401, []]);
  });

  it('an operation not implemented yet answers 501, not a fake success', async () => {
    const answer = await call('/v1/webhook.unsubscribe', { method: 'POST', token: 'sk-2026-08-25', json: {} });
    expect(answer.status).toBe(501);
  });

  it('token.info names the client, the principal and the scopes of the token', async () => {
    const key = await call('/v1/token.info', { token: 'sk-2026-08-25' });
    expect([key.status, key.diagnostics]).toEqual([200, []]);
    expect(key.body).toMatchObject({ ok: true, client: 'app_acme', scopes: expect.arrayContaining(['webhook:read', 'chat:write']) });
    const personal = await call('/v1/token.info', { token: 'pat-ada' });
    expect(personal.body.principal).not.toBe(key.body.principal);
    expect(personal.body.scopes).toEqual(['chat:write', 'webhook:read']);
  });
});
