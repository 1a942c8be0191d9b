import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/mock/server.ts';
import { startReference } from '../../src/reference/server.ts';

// 1,000 malformed requests of every kind at the reference server and the mock: bad JSON, wrong
// types, huge bodies, wrong content types, unicode edge cases. None may get a 5xx or crash them.
const PATHS = [
  '/v0/webhook.subscribe',
  '/v0/webhook.unsubscribe',
  '/v1/webhook.list',
  '/v1/chat.postEphemeral',
  '/v1/webhook.subscribe',
  '/oauth/token',
  '/v1/nope',
  '/',
];
const TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/json; charset=utf-16',
  'multipart/form-data',
  '',
];
const body = fc.oneof(
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '{',
    '{"url":',
    '[]',
    'null',
    '"\\ud800"',
    '{"url":"\u0000","event":1}',
    '\uFEFF{}',
    'a'.repeat(2_000_000),
  ),
  fc
    .record({
      url: fc.oneof(
        fc.string(),
        fc.integer(),
        fc.constant('https://h.example.com/' + 'é'.repeat(600)),
      ),
      event: fc.string(),
      filter: fc.anything(),
    })
    .map((v) => JSON.stringify(v)),
);
const request = fc.record({
  path: fc.constantFrom(...PATHS),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  type: fc.constantFrom(...TYPES),
  token: fc.constantFrom('sk-2026-08-25', 'mock-2026-08-25', 'pat-ada', '', 'Bearer', '\u00e9'),
  version: fc.constantFrom(undefined, '2026-08-25', 'garbage', '', '2026-13-45'),
  body,
});

let dataDir = '';
let reference: Awaited<ReturnType<typeof startReference>>;
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-reference-'));
  [reference, mock] = await Promise.all([startReference({ dataDir }), startMock()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([reference.close(), mock.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

describe.each([
  ['reference server', () => reference.url],
  ['mock', () => mock.url],
] as const)('%s', (_, base) => {
  it('answers 1,000 malformed requests without a 5xx', async () => {
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = { authorization: `Bearer ${r.token}` };
        if (r.type) headers['content-type'] = r.type;
        if (r.version !== undefined) headers['service-version'] = r.version;
        const sendsBody = r.method !== 'GET';
        const answer = await fetch(`${base()}${r.path}`, {
          method: r.method,
          headers,
          body: sendsBody ? r.body : undefined,
        });
        await answer.arrayBuffer();
        statuses.push(answer.status);
        expect(answer.status, `${r.method} ${r.path} ${r.type}`).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
    expect(statuses).toHaveLength(1000);
    // Still serving afterwards.
    expect((await fetch(`${base()}/v1/webhook.list`)).status).toBe(401);
  }, 120_000);
});
