import { describe, expect, it } from 'vitest';
import { type ReadRequest, checkRequest } from '../../src/http/check-request.ts';
import type { Credential } from '../../src/http/front-config.ts';
import { refusalOf } from '../../src/http/refusal.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

// The request rules report every finding of one request, each with the spec's code as its rule,
// in the order that decides the answer; the front answers with the first (refusalOf).
const documents = loadDocumentsByVersion();
const CHAT = '6f1d1f57-3f7e-4c52-9a3c-0b8f3e7c2d11';
const USER = '0c7f6a1e-5b2d-4e8f-9a1b-2c3d4e5f6a7b';
const personal: Credential = { scopes: ['webhook:read'], access: 'personal' };
const organization: Credential = { scopes: ['chat:write'], access: 'organization' };

function request(
  key: string,
  path: string,
  given: Partial<ReadRequest> & { generation: ReadRequest['generation'] },
): ReadRequest {
  const loaded = documents.get(key)!;
  const operation = (loaded.document.paths as Record<string, any>)[path].post;
  return {
    ...loaded,
    path,
    method: 'post',
    operation,
    mediaType: 'application/json',
    body: {},
    query: {},
    avatarHosts: ['assets.example.com'],
    ...given,
  };
}

type Finding = [rule: string, requirement: string | undefined, location: string | undefined];

const cases: Array<
  [string, { given: ReadRequest; want: { findings: Finding[]; answer: [number, string] } }]
> = [
  [
    'AUTH-13, EPH-02, AUTH-11, VER-12: postEphemeral by a personal token without its scope, no text, a sender with a foreign avatar, a repeated query field',
    {
      given: request('2026-08-25', '/chat.postEphemeral', {
        generation: 'v1',
        token: personal,
        body: {
          chatId: CHAT,
          userId: USER,
          sender: { name: 'Bot', imageUrl: 'https://elsewhere.example/a.png' },
        },
        query: undefined,
      }),
      want: {
        findings: [
          ['missing_scope', 'AUTH-13', 'header Authorization'],
          ['missing_parameter', undefined, 'body/text'],
          ['access_mode_not_supported', 'AUTH-11', 'body/sender'],
          ['invalid_parameter', 'VER-12', 'body/sender/imageUrl'],
          ['invalid_parameter', undefined, 'query'],
        ],
        // postEphemeral documents a 403: a refused scope gets it.
        answer: [403, 'missing_scope'],
      },
    },
  ],
  [
    'EPH-02, EPH-03: a chat id that is no UUID, no user, and text over 8,000 bytes; the missing field decides',
    {
      given: request('2026-08-25', '/chat.postEphemeral', {
        generation: 'v1',
        token: organization,
        body: { chatId: 'not-a-uuid', text: 'é'.repeat(4001) },
      }),
      want: {
        findings: [
          ['missing_parameter', undefined, 'body/userId'],
          ['invalid_parameter', undefined, 'body/chatId'],
          ['msg_too_long', 'EPH-03', 'body/text'],
        ],
        answer: [400, 'missing_parameter'],
      },
    },
  ],
  [
    'EPH-03: text over 8,000 bytes and a personal token sending sender',
    {
      given: request('2026-08-25', '/chat.postEphemeral', {
        generation: 'v1',
        token: { scopes: ['chat:write'], access: 'personal' },
        body: { chatId: CHAT, userId: USER, text: 'x'.repeat(8001), sender: { name: 'Bot' } },
      }),
      want: {
        findings: [
          ['msg_too_long', 'EPH-03', 'body/text'],
          ['access_mode_not_supported', 'AUTH-11', 'body/sender'],
        ],
        answer: [413, 'msg_too_long'],
      },
    },
  ],
  [
    'SUB-06, AUTH-13: v0 subscribe by a personal token without webhook:write, with a body that is no object',
    {
      given: request('v0', '/webhook.subscribe', {
        generation: 'v0',
        token: personal,
        body: ['https://example.com/hook'],
      }),
      want: {
        findings: [
          ['missing_scope', 'AUTH-13', 'header Authorization'],
          ['missing_scope', 'SUB-06', 'header Authorization'],
          ['invalid_parameter', undefined, 'body'],
        ],
        // v0 subscribe documents no 403: a refused scope is 401.
        answer: [401, 'missing_scope'],
      },
    },
  ],
  [
    'EPH-03: a body over the size bound, from a token without the scope',
    {
      given: request('2026-08-25', '/chat.postEphemeral', {
        generation: 'v1',
        token: { scopes: [], access: 'organization' },
        body: undefined,
        unread: 'too_large',
      }),
      want: {
        findings: [
          ['msg_too_long', 'EPH-03', 'body'],
          ['missing_scope', 'AUTH-13', 'header Authorization'],
        ],
        answer: [413, 'msg_too_long'],
      },
    },
  ],
  [
    'OAuth token: a form that repeats a field, and a query that does too',
    {
      given: request('auth', '/oauth/token', {
        generation: 'auth',
        mediaType: 'application/x-www-form-urlencoded',
        body: undefined,
        unread: 'undecodable',
        query: undefined,
      }),
      want: {
        findings: [
          ['invalid_request', undefined, 'body'],
          ['invalid_request', undefined, 'query'],
        ],
        answer: [400, 'invalid_request'],
      },
    },
  ],
  [
    'OAuth token: a JSON body where a form is documented',
    {
      given: request('auth', '/oauth/token', { generation: 'auth', body: { grant_type: 'x' } }),
      want: {
        findings: [['invalid_request', undefined, 'header Content-Type']],
        answer: [400, 'invalid_request'],
      },
    },
  ],
  [
    'a request that breaks no rule',
    {
      given: request('2026-08-25', '/chat.postEphemeral', {
        generation: 'v1',
        token: organization,
        body: { chatId: CHAT, userId: USER, text: 'hello' },
      }),
      want: { findings: [], answer: [0, ''] },
    },
  ],
];

describe('checkRequest: every finding of one request, the first deciding the answer', () => {
  it.each(cases)('%s', (_, { given, want }) => {
    const findings = checkRequest(given);
    expect(findings.map((f) => [f.rule, f.requirement, f.location])).toEqual(want.findings);
    expect(findings.every((f) => f.severity === 'error' && f.message.length > 0)).toBe(true);
    const refused = refusalOf(findings, given.operation, given.generation);
    expect(refused ? [refused.status, refused.code] : [0, '']).toEqual(want.answer);
  });
});
