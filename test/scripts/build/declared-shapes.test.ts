import { describe, expect, it } from 'vitest';
import { applyDeclaredShapes } from '../../../scripts/build/declared-shapes.ts';
import type { OpenApiDocument } from '../../../src/documents.ts';
import type { DeclaredChange } from '../../../src/version-changes/instruction.ts';

const REF = '#/components/schemas/';
/** A document with an answer schema of its own, a webhook whose envelope holds `data`, and a schema two places share. */
function document(): OpenApiDocument {
  const answer = (schema: string) => ({
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: { $ref: `${REF}${schema}` },
            examples: { one: { value: { ok: true, thread: 1 } } },
          },
        },
      },
      '400': { content: { 'application/json': { schema: { type: 'object' } } } },
    },
  });
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '2030-02-01' },
    paths: {
      '/post': { post: answer('Post') },
      '/shared': { get: answer('Shared') },
      '/other': { get: answer('Shared') },
    },
    webhooks: {
      'chat.message': {
        post: {
          description: 'A message.',
          requestBody: {
            content: { 'application/json': { schema: { $ref: `${REF}Message.envelope` } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Post: {
          type: 'object',
          required: ['ok', 'thread'],
          properties: { ok: {}, thread: { type: 'integer' } },
          examples: [{ ok: true, thread: 2 }],
        },
        Shared: {
          type: 'object',
          properties: { thread: { type: 'integer' }, kind: { enum: ['dm', 'group'] } },
        },
        Envelope: { type: 'object', properties: { data: { type: 'object' } } },
        'Message.envelope': {
          allOf: [{ $ref: `${REF}Envelope` }, { properties: { data: { $ref: `${REF}Message` } } }],
        },
        Message: { type: 'object', properties: { text: { type: 'string' } } },
      },
    },
  };
}
const change = (over: Partial<DeclaredChange>): DeclaredChange =>
  ({
    kind: 'rename',
    path: '/post',
    field: 'thread',
    to: 'threadTs',
    requirements: ['EPH-01'],
    summary: 'Renamed.',
    version: '2030-02-01',
    ...over,
  }) as DeclaredChange;
const schemas = (d: OpenApiDocument) => d.components!.schemas as Record<string, any>;

describe("the build's derivation of a version's document from its declared changes", () => {
  it('renames a property of an answer, its `required` and its examples, and says so in the description', () => {
    const d = document();
    applyDeclaredShapes(d, [change({})]);
    expect(schemas(d).Post.properties).toEqual({ ok: {}, threadTs: { type: 'integer' } });
    expect(schemas(d).Post.required).toEqual(['ok', 'threadTs']);
    expect(schemas(d).Post.examples).toEqual([{ ok: true, threadTs: 2 }]);
    const media = (d.paths!['/post'] as any).post.responses['200'].content['application/json'];
    expect(media.examples.one.value).toEqual({ ok: true, threadTs: 1 });
    expect((d.paths!['/post'] as any).post.description).toBe('From 2030-02-01: Renamed.');
    const twice = document();
    (twice.paths!['/post'] as any).post.description = 'Posts.\n';
    applyDeclaredShapes(twice, [change({})]);
    expect((twice.paths!['/post'] as any).post.description).toBe(
      'Posts.\n\nFrom 2030-02-01: Renamed.',
    );
  });

  it("changes a webhook's business fields inside the envelope's `data`, not the common envelope", () => {
    const d = document();
    applyDeclaredShapes(d, [
      change({
        path: undefined,
        webhook: 'chat.message',
        field: 'text',
        to: 'messageText',
      } as never),
    ]);
    expect(schemas(d).Message.properties).toEqual({ messageText: { type: 'string' } });
    expect(schemas(d).Envelope.properties).toEqual({ data: { type: 'object' } });
  });

  it('gives a target a schema of its own where another place shares it', () => {
    const d = document();
    applyDeclaredShapes(d, [change({ path: '/shared' })]);
    expect(schemas(d).Shared.properties.thread).toBeDefined();
    expect(schemas(d)['Shared@2030-02-01'].properties.threadTs).toBeDefined();
    const media = (d.paths!['/shared'] as any).get.responses['200'].content['application/json'];
    expect(media.schema).toEqual({ $ref: `${REF}Shared@2030-02-01` });
  });

  it('renames a field the schema leaves unspecified, saying only what it was named', () => {
    const d = document();
    applyDeclaredShapes(d, [change({ field: 'unshown', to: 'shown' })]);
    expect(schemas(d).Post.properties.shown).toEqual({
      description: '`unshown` before 2030-02-01.',
    });
    expect(schemas(d).Post.required).toEqual(['ok', 'thread']);
  });

  it.each([
    [
      'an addition: the property, required unless optional',
      change({
        kind: 'add',
        field: 'url',
        schema: { type: 'string' },
        value: { const: 'u' },
      } as never),
      (s: any) =>
        s.Post.properties.url && s.Post.required.includes('url') && s.Post.examples[0].url === 'u',
    ],
    [
      'a removal: the property and its `required`',
      change({ kind: 'remove', field: 'thread' } as never),
      (s: any) => !s.Post.properties.thread && !s.Post.required.includes('thread'),
    ],
    [
      'an enum change: its values',
      change({ kind: 'enum', path: '/shared', field: 'kind', map: { dm: 'direct' } } as never),
      (s: any) => s['Shared@2030-02-01'].properties.kind.enum.join() === 'direct,group',
    ],
  ])('%s', (_, declared, holds) => {
    const d = document();
    applyDeclaredShapes(d, [declared]);
    expect(holds(schemas(d))).toBe(true);
  });

  it.each([
    [
      'a path the document lacks',
      change({ path: '/nowhere' }),
      '2030-02-01 rename of `thread` in /nowhere: the document has no such path with a 2xx JSON answer',
    ],

    [
      'an added field the schema has',
      change({ kind: 'add', field: 'ok', schema: {}, value: { const: 1 } } as never),
      'the schema has `ok` already',
    ],
  ])('stops the build at %s, naming the instruction', (_, declared, message) => {
    expect(() => applyDeclaredShapes(document(), [declared])).toThrow(message);
  });
});
