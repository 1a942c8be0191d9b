import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curlLine } from '../../../src/conformance/generate/curl-line.ts';
import { expectedRefusals } from '../../../src/conformance/generate/expected-answer.ts';
import { generateTargets } from '../../../src/conformance/generate/generate-target.ts';
import type { GeneratedCase } from '../../../src/conformance/generate/generated-case.ts';
import { arbitraryOf } from '../../../src/conformance/generate/schema-arbitrary.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import { pointer } from '../../../src/validation/document-validator.ts';
import { loadDocumentsByVersion } from '../../../src/validation/documents-by-version.ts';
import { listVersions } from '../../../src/versions.ts';

const VERSION = '2026-08-25';
const documents = loadDocumentsByVersion();
const loaded = documents.get(VERSION)!;
const profile = profileOf('http://127.0.0.1:1', seedWorkspace());
const targets = generateTargets(loaded.document, profile);
const post = targets.find((t) => t.id === 'POST /v1/chat.postEphemeral')!;
const valid = { chatId: profile.fixtures.chats.channel, userId: profile.fixtures.users.member };
const request = (over: Partial<GeneratedCase> & { json?: unknown }): GeneratedCase => {
  const { json = { ...valid, text: 'hi' }, ...rest } = over;
  return {
    kind: 'valid',
    method: 'POST',
    path: '/v1/chat.postEphemeral',
    headers: {
      authorization: 'Bearer sk-2026-08-25',
      'service-version': VERSION,
      'content-type': 'application/json',
    },
    body: JSON.stringify(json),
    ...rest,
  };
};
const headers = (extra: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({ ...request({}).headers, ...extra }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;

describe('the answer the spec gives a generated request', () => {
  const cases: Array<[string, GeneratedCase, Array<[number, string | undefined, string]>]> = [
    ['a valid request', request({}), []],
    [
      'a number as version',
      request({ headers: headers({ 'service-version': '7' }) }),
      [[400, undefined, 'VER-04']],
    ],
    [
      'no credential',
      request({ headers: headers({ authorization: undefined }) }),
      [[401, 'not_authed', 'AUTH-01']],
    ],
    [
      'an unknown token',
      request({ headers: headers({ authorization: 'Bearer nope' }) }),
      [[401, 'invalid_token', 'AUTH-02']],
    ],
    [
      'a revoked token',
      request({ headers: headers({ authorization: 'Bearer sk-revoked' }) }),
      [[401, 'token_revoked', 'AUTH-09']],
    ],
    [
      'a method the path lacks',
      request({ method: 'PUT' }),
      [[405, 'method_not_allowed', 'EPH-01']],
    ],
    [
      'no scope',
      request({ headers: headers({ authorization: 'Bearer sk-no-scopes' }) }),
      [[403, 'missing_scope', 'AUTH-13']],
    ],
    ['text missing', request({ json: valid }), [[400, 'missing_parameter', 'EPH-01']]],
    [
      'chatId null',
      request({ json: { ...valid, text: 'x', chatId: null } }),
      [[400, 'invalid_parameter', 'EPH-01']],
    ],
    [
      'text past 8,000 bytes',
      request({ json: { ...valid, text: 'x'.repeat(8001) } }),
      [[413, 'msg_too_long', 'EPH-03']],
    ],
    [
      'a text content type',
      request({ headers: headers({ 'content-type': 'text/plain' }) }),
      [[400, 'invalid_parameter', 'EPH-01']],
    ],
    [
      'no body',
      request({ body: undefined, headers: headers({ 'content-type': undefined }) }),
      [[400, 'invalid_parameter', 'EPH-01']],
    ],
  ];
  it.each(cases)('%s', (_, sent, expected) => {
    const refusals = expectedRefusals(sent, post, loaded, { versions: listVersions(), profile });
    expect(refusals.map((r) => [r.status, r.code, r.requirement])).toEqual(expected);
  });
});

describe('generated values', () => {
  it('stay within their bounds and, but for strings past their limits, fit the schema', () => {
    const schema = post.bodySchema;
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        const body = value as Record<string, unknown>;
        const text = body.text as string;
        expect(text.length <= 24 || (text.length > 8000 && text.length <= 8064)).toBe(true);
        if (text.length > 8000) return;
        const errors = loaded.validator.validate(
          pointer([
            'paths',
            '/chat.postEphemeral',
            'post',
            'requestBody',
            'content',
            'application/json',
            'schema',
          ]),
          value,
        );
        // Past `maxLength` on purpose; a `sender.imageUrl` that is not the service's is for the
        // request rules, not the schema.
        expect(
          errors.filter(
            (e) => e.keyword !== 'maxLength' && !e.instancePath.startsWith('/sender/imageUrl'),
          ),
        ).toEqual([]);
        expect(JSON.stringify(value).length).toBeLessThan(8064 + 1000);
      }),
      { seed: 1, numRuns: 200 },
    );
  });
});

describe('the curl line', () => {
  it('quotes every argument for a POSIX shell', () => {
    const line = curlLine('http://127.0.0.1:8080', {
      kind: 'valid',
      method: 'POST',
      path: '/v1/x',
      headers: { 'content-type': 'application/json' },
      body: `{"text":"it's"}`,
    });
    expect(line).toBe(
      `curl -i -X POST -H 'content-type: application/json' --data-raw '{"text":"it'\\''s"}' 'http://127.0.0.1:8080/v1/x'`,
    );
  });
});
