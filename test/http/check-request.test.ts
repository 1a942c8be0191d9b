import { describe, expect, it } from 'vitest';
import { type RequestContext, checkRequest } from '../../src/http/check-request.ts';
import { refusalOf } from '../../src/http/refusal.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// The request rules through the library API, for what HTTP cannot isolate: the media type is a
// lookup key from outside, and a JSON or form body that reached it is already an object. The answer
// is the front's: the first finding, through refusalOf.
const documents = loadDocumentsByVersion();
const checkBody = (context: RequestContext) =>
  refusalOf(checkRequest({ ...context, query: {} }), context.operation);
const contextFor = (
  key: string,
  generation: 'v0' | 'v1' | 'auth',
  path: string,
  mediaType: string,
  body: unknown,
) => {
  const loaded = documents.get(key)!;
  const operation = (loaded.document.paths as Record<string, any>)[path].post;
  return {
    ...loaded,
    generation,
    path,
    method: 'post',
    operation,
    mediaType,
    body,
    avatarHosts: [],
  };
};

describe("checkBody: the media type is looked up as the document's own", () => {
  const operations = [
    [
      'v0 subscribe',
      { key: 'v0', generation: 'v0', path: '/webhook.subscribe', code: 'invalid_parameter' },
    ],
    [
      'v1 postEphemeral',
      {
        key: '2026-08-25',
        generation: 'v1',
        path: '/chat.postEphemeral',
        code: 'invalid_parameter',
      },
    ],
    [
      'oauth token',
      { key: 'auth', generation: 'auth', path: '/oauth/token', code: 'invalid_request' },
    ],
  ] as const;
  const rows = operations.flatMap(([operation, o]) =>
    PROTOTYPE_NAMES.map(
      (name) =>
        [
          `${operation}, media type ${name}`,
          { given: { ...o, mediaType: name }, want: { status: 400, code: o.code } },
        ] as const,
    ),
  );
  it.each(rows)('%s', (_, { given, want }) => {
    expect(
      checkBody(contextFor(given.key, given.generation, given.path, given.mediaType, {})),
    ).toEqual(want);
  });
});

describe('checkBody: a body that is no object', () => {
  const rows = [null, [], 5, 'x', true, undefined].map(
    (body) =>
      [
        JSON.stringify(body) ?? 'absent',
        { given: body, want: { status: 400, code: 'invalid_parameter' } },
      ] as const,
  );
  it.each(rows)('v1 unsubscribe, whose shape is open: %s', (_, { given, want }) => {
    expect(
      checkBody(contextFor('2026-08-25', 'v1', '/webhook.unsubscribe', 'application/json', given)),
    ).toEqual(want);
  });
});
