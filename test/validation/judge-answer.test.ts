import { describe, expect, it } from 'vitest';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';
import { documentKeyOf, documentPathOf, generationOf } from '../../src/validation/document-key.ts';
import type { JudgedAnswer } from '../../src/validation/check-response.ts';
import { judgeAnswer } from '../../src/validation/judge-answer.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

const documents = loadDocumentsByVersion();
const { latest } = loadVersionRegistry();
const JSON_TYPE = { 'content-type': 'application/json' };
const unauthorized = (headers: Record<string, string>): JudgedAnswer => ({
  path: '/v1/token.info',
  method: 'GET',
  status: 401,
  headers: { ...JSON_TYPE, ...headers },
  body: { error: 'not_authed' },
});

describe('documentKeyOf, documentPathOf', () => {
  it.each([
    ['/v0/webhook.subscribe', '2026-06-01', 'v0', 'v0', '/webhook.subscribe'],
    ['/v1/token.info?x=1', '2026-06-01', 'v1', '2026-06-01', '/token.info'],
    ['/oauth/token', '2026-06-01', 'auth', 'auth', '/oauth/token'],
    ['/v1', '2026-06-01', 'auth', 'auth', '/v1'],
  ])('%s at %s', (path, version, generation, key, documentPath) => {
    expect(generationOf(path)).toBe(generation);
    expect(documentKeyOf(path, version)).toBe(key);
    expect(documentPathOf(path)).toBe(documentPath);
  });
});

describe('judgeAnswer', () => {
  const cases: Array<[string, { given: JudgedAnswer; version: string; want: string[] }]> = [
    [
      'an answer its document describes',
      { given: unauthorized({ 'service-version': latest }), version: latest, want: [] },
    ],
    [
      // VER-03: the version the answer names judges it, not the one asked for.
      'the version the answer names, over the one asked for',
      {
        given: unauthorized({ 'service-version': '1999-01-01' }),
        version: latest,
        want: ['undocumented_operation header Service-Version'],
      },
    ],
    [
      'the version asked for, when the answer names none',
      {
        given: unauthorized({}),
        version: '1999-01-01',
        want: ['undocumented_operation header Service-Version'],
      },
    ],
    [
      'v0 answers are judged by v0, whatever the version',
      {
        given: { ...unauthorized({}), path: '/v0/webhook.subscribe', method: 'POST', status: 299 },
        version: '1999-01-01',
        want: ['undocumented_status status'],
      },
    ],
    [
      'a body the document does not allow',
      {
        given: { ...unauthorized({ 'service-version': latest }), body: { error: 7 } },
        version: latest,
        want: ['body body/error', 'body body'],
      },
    ],
    [
      // A method the document does not list is answered 405, which no document can describe.
      'a 405 to a method the document does not list',
      { given: { ...unauthorized({}), method: 'DELETE', status: 405 }, version: latest, want: [] },
    ],
    [
      'any other status to a method the document does not list',
      {
        given: { ...unauthorized({}), method: 'DELETE', status: 404 },
        version: latest,
        want: ['undocumented_operation request'],
      },
    ],
    [
      'a path named like a member of Object.prototype',
      {
        given: { ...unauthorized({}), path: '/v1/constructor', method: 'constructor' },
        version: latest,
        want: ['undocumented_operation request'],
      },
    ],
    [
      'a media type named like a member of Object.prototype',
      {
        given: unauthorized({ 'content-type': 'constructor', 'service-version': latest }),
        version: latest,
        want: ['content_type header content-type'],
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, version, want }) => {
    const found = judgeAnswer(documents, given, version);
    expect([...new Set(found.map((d) => `${d.rule} ${d.location}`))]).toEqual(want);
    for (const d of found)
      expect(d).toMatchObject({ severity: 'error', message: expect.any(String) });
  });
});

// Answers the specification does not show are not held to one implementation's choice: any 2xx of the
// operations it names without answers, any 4xx refusal it gives no status or code for, the
// VER-04 list under any name, an authorize refusal as an error page or a redirect.
describe('judgeAnswer, where the specification leaves the answer open', () => {
  const answer = (
    path: string,
    method: string,
    status: number,
    body?: unknown,
    type = 'application/json',
  ): JudgedAnswer => ({
    path,
    method,
    status,
    headers: { 'service-version': latest, ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
  const cases: Array<[string, { given: JudgedAnswer; want: string[] }]> = [
    [
      'v1 subscribe answering 201',
      { given: answer('/v1/webhook.subscribe', 'POST', 201, { ok: true }), want: [] },
    ],
    [
      'v1 unsubscribe answering 204 without a body',
      { given: answer('/v1/webhook.unsubscribe', 'POST', 204), want: [] },
    ],
    [
      'v1 subscribe refusing a scope with 403',
      {
        given: answer('/v1/webhook.subscribe', 'POST', 403, { error: 'insufficient_scope' }),
        want: [],
      },
    ],
    [
      'v1 unsubscribe of an unknown id answered 404',
      {
        given: answer('/v1/webhook.unsubscribe', 'POST', 404, { ok: false, error: 'not_found' }),
        want: [],
      },
    ],
    [
      'postEphemeral refusing a wrong content type with 415',
      {
        given: answer('/v1/chat.postEphemeral', 'POST', 415, { error: 'unsupported_media_type' }),
        want: [],
      },
    ],
    [
      'postEphemeral refusing a body that is no JSON with 400 invalid_json',
      { given: answer('/v1/chat.postEphemeral', 'POST', 400, { error: 'invalid_json' }), want: [] },
    ],
    [
      'a rate limit answered 429',
      { given: answer('/v1/webhook.list', 'GET', 429, { error: 'ratelimited' }), want: [] },
    ],
    [
      'VER-04 listing the versions under another name',
      {
        given: answer('/v1/webhook.list', 'GET', 400, {
          error: 'unsupported_version',
          supported: [latest],
        }),
        want: [],
      },
    ],
    [
      'an authorize refusal as an HTML page',
      {
        given: answer('/oauth/authorize', 'GET', 400, '<p>Unknown redirect_uri</p>', 'text/html'),
        want: [],
      },
    ],
    [
      'an authorize redirect with 303',
      {
        given: {
          ...answer('/oauth/authorize', 'GET', 303),
          headers: { location: 'https://auth.example/login' },
        },
        want: [],
      },
    ],
    // What the specification states is still judged.
    [
      'a 401 with a code the specification does not give',
      {
        given: answer('/v1/token.info', 'GET', 401, { error: 'expired' }),
        want: ['body body/error', 'body body'],
      },
    ],
    [
      'v1 list answering a server error without a JSON body',
      {
        given: answer('/v1/webhook.list', 'GET', 500, 'oops', 'text/plain'),
        want: ['content_type header content-type'],
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const found = judgeAnswer(documents, given, latest);
    expect([...new Set(found.map((d) => `${d.rule} ${d.location}`))]).toEqual(want);
    for (const d of found)
      expect(d).toMatchObject({ severity: 'error', message: expect.any(String) });
  });
});
