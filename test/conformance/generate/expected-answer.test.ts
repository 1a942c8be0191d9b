import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectationOf } from '../../../src/conformance/generate/expected-answer.ts';
import { describeAllowed } from '../../../src/conformance/generate/answer-rules.ts';
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

const expectationScope = {
  loaded,
  profile,
  versions: listVersions(),
  events: Object.keys(loaded.document.webhooks ?? {}),
};
const v0 = documents.get('v0')!;
const v0Subscribe = generateTargets(v0.document, profile, 'v0').find(
  (t) => t.id === 'POST /v0/webhook.subscribe',
)!;
const v0Request = (json: unknown, token = 'sk-2026-08-25'): GeneratedCase => ({
  kind: 'valid',
  method: 'POST',
  path: '/v0/webhook.subscribe',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(json),
});

/** What the expectation allows, in words: each broken rule's answer, and whether part is open. */
function allowedOf(sent: GeneratedCase, target = post, scope = expectationScope) {
  const { broken, open } = expectationOf(sent, target, scope);
  return {
    broken: broken.map((b) => [b.rule, b.requirement, describeAllowed(b.allowed)]),
    open: open.length > 0,
  };
}

describe('the answers the spec allows a generated request', () => {
  const cases: Array<[string, GeneratedCase, Array<[string, string, string]>, boolean]> = [
    ['a valid request', request({}), [], false],
    [
      'a number as version',
      request({ headers: headers({ 'service-version': '7' }) }),
      [['unsupported-version', 'VER-04', '400 listing the supported versions']],
      false,
    ],
    [
      'no credential',
      request({ headers: headers({ authorization: undefined }) }),
      [['no-credential', 'AUTH-01', '401 not_authed or invalid_token or token_revoked']],
      false,
    ],
    [
      'no credential and a number as version: either answer',
      request({ headers: headers({ authorization: undefined, 'service-version': '7' }) }),
      [
        ['unsupported-version', 'VER-04', '400 listing the supported versions'],
        ['no-credential', 'AUTH-01', '401 not_authed or invalid_token or token_revoked'],
      ],
      false,
    ],
    [
      'an unknown token',
      request({ headers: headers({ authorization: 'Bearer nope' }) }),
      [['unknown-credential', 'AUTH-02', '401 not_authed or invalid_token or token_revoked']],
      false,
    ],
    [
      'a revoked token',
      request({ headers: headers({ authorization: 'Bearer sk-revoked' }) }),
      [['revoked-credential', 'AUTH-09', '401 token_revoked']],
      false,
    ],
    [
      'a method the path lacks: 405, no code named',
      request({ method: 'PUT' }),
      [['other-method', 'EPH-04', '405']],
      false,
    ],
    [
      'a method the path lacks, without a credential: either answer',
      request({ method: 'PUT', headers: headers({ authorization: undefined }) }),
      [
        ['no-credential', 'AUTH-01', '401 not_authed or invalid_token or token_revoked'],
        ['other-method', 'EPH-04', '405'],
      ],
      false,
    ],
    [
      'no scope: 403, no code named',
      request({ headers: headers({ authorization: 'Bearer sk-no-scopes' }) }),
      [['missing-scope', 'AUTH-13', '403']],
      false,
    ],
    [
      'text missing',
      request({ json: valid }),
      [['missing-text', 'EPH-02', '400 missing_parameter']],
      false,
    ],
    [
      'chatId missing: no status given',
      request({ json: { userId: valid.userId, text: 'x' } }),
      [['bad-parameter', 'EPH-01', 'a 4xx refusal']],
      false,
    ],
    [
      'chatId not a UUID',
      request({ json: { ...valid, text: 'x', chatId: 'nope' } }),
      [['not-a-uuid', 'EPH-02', '400 invalid_parameter']],
      false,
    ],
    [
      'chatId null: not a UUID, or read as missing',
      request({ json: { ...valid, text: 'x', chatId: null } }),
      [
        ['not-a-uuid', 'EPH-02', '400 invalid_parameter'],
        ['bad-parameter', 'EPH-01', 'a 4xx refusal'],
      ],
      false,
    ],
    [
      'threadTimestamp null: open',
      request({ json: { ...valid, text: 'x', threadTimestamp: null } }),
      [],
      true,
    ],
    [
      'threadTimestamp 0: open',
      request({ json: { ...valid, text: 'x', threadTimestamp: 0 } }),
      [],
      true,
    ],
    ['an empty text: open', request({ json: { ...valid, text: '' } }), [], true],
    [
      'text past 8,000 bytes',
      request({ json: { ...valid, text: 'x'.repeat(8001) } }),
      [['text-too-long', 'EPH-03', '413 msg_too_long']],
      false,
    ],
    [
      'sender.name past 128 characters',
      request({ json: { ...valid, text: 'x', sender: { name: 'n'.repeat(129) } } }),
      [['sender-name-too-long', 'EPH-02', '400 invalid_parameter']],
      false,
    ],
    [
      'an avatar on another host: 400, no code named',
      request({
        json: { ...valid, text: 'x', sender: { imageUrl: 'https://elsewhere.example/a.png' } },
      }),
      [['avatar-not-hosted', 'VER-12', '400']],
      false,
    ],
    [
      'a personal token with sender',
      request({
        json: { ...valid, text: 'x', sender: { id: 'helper' } },
        headers: headers({ authorization: 'Bearer pat-ada' }),
      }),
      [['sender-with-personal-token', 'AUTH-11', '400 access_mode_not_supported']],
      false,
    ],
    [
      'a text content type: open',
      request({ headers: headers({ 'content-type': 'text/plain' }) }),
      [],
      true,
    ],
    [
      'no body: text and the ids missing',
      request({ body: undefined, headers: headers({ 'content-type': undefined }) }),
      [
        ['bad-parameter', 'EPH-01', 'a 4xx refusal'],
        ['missing-text', 'EPH-02', '400 missing_parameter'],
      ],
      false,
    ],
    [
      'no credential and an open value: the credential rule, or any refusal',
      request({ json: { ...valid, text: '' }, headers: headers({ authorization: undefined }) }),
      [['no-credential', 'AUTH-01', '401 not_authed or invalid_token or token_revoked']],
      true,
    ],
  ];
  it.each(cases)('%s', (_, sent, broken, open) => {
    const found = allowedOf(sent);
    expect({ ...found, broken: uniq(found.broken) }).toEqual({ broken, open });
  });

  const v0Cases: Array<[string, GeneratedCase, Array<[string, string, string]>, boolean]> = [
    [
      'a personal token on v0: 400, 401 or 403, no code named',
      v0Request({ url: 'https://hooks.example.com/a', event: 'lobby:booked' }, 'pat-ada'),
      // The seeded personal token has webhook:write: its access model alone refuses it.
      [['access-model', 'SUB-06', '400 or 401 or 403']],
      false,
    ],
    [
      'a url past 1024 characters',
      v0Request({ url: `https://hooks.example.com/${'x'.repeat(1024)}`, event: 'lobby:booked' }),
      [['url-too-long', 'SUB-03', '400 invalid_parameter']],
      false,
    ],
    [
      'a filter of null: open',
      v0Request({ url: 'https://hooks.example.com/a', event: 'lobby:booked', filter: null }),
      [],
      true,
    ],
    [
      'a filter key of another event: open',
      v0Request({
        url: 'https://hooks.example.com/a',
        event: 'lobby:booked',
        filter: { codes: ['x'] },
      }),
      [],
      true,
    ],
    [
      'an unknown event: 400, no code named',
      v0Request({ url: 'https://hooks.example.com/a', event: 'nope' }),
      [['bad-parameter', 'SUB-01', '400']],
      false,
    ],
  ];
  it.each(v0Cases)('%s', (_, sent, broken, open) => {
    const found = allowedOf(sent, v0Subscribe, { ...expectationScope, loaded: v0 });
    expect({ ...found, broken: uniq(found.broken) }).toEqual({ broken, open });
  });
});

/** The broken rules once each, in their order. */
function uniq(broken: unknown[][]) {
  return broken.filter(
    (b, i) => broken.findIndex((c) => JSON.stringify(c) === JSON.stringify(b)) === i,
  );
}

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
