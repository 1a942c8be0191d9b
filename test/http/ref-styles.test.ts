import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../../scripts/run-command.ts';
import type { OpenApiDocument } from '../../src/documents.ts';
import { checkRequest } from '../../src/http/check-request.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { DocumentValidator } from '../../src/validation/document-validator.ts';

// A path item may write its request body and answers in place, or refer to each as a whole file;
// Redocly bundles the second kind under components/requestBodies and components/responses. The
// request and response rules judge both the same: no body goes unjudged for where it was written.
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'ref-styles');
const STYLES = ['inline', 'by-part'] as const;
const bundled = new Map<string, { document: OpenApiDocument; validator: DocumentValidator }>();
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-ref-styles-'));
  for (const style of STYLES) {
    const output = join(dir, `${style}.json`);
    const bundle = ['bundle', join(FIXTURES, `${style}.yaml`), '--output', output, '--ext', 'json'];
    const result = await runBin('redocly', [...bundle, '--component-names-strategy', 'title']);
    if (result.code !== 0) throw new Error(result.output);
    const document = JSON.parse(await readFile(output, 'utf8')) as OpenApiDocument;
    bundled.set(style, { document, validator: new DocumentValidator(document) });
  }
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const requests: Array<[string, unknown]> = [
  ['a valid body', { chatId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11', text: 'hi' }],
  ['no text', { chatId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11' }],
  ['a chatId that is no UUID', { chatId: 'general', text: 'hi' }],
  [
    'a text over its byte limit',
    { chatId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11', text: 'é'.repeat(5) },
  ],
];
const answers: Array<[string, unknown]> = [
  ['a valid answer', { ok: true, timestamp: 1 }],
  ['an answer without its timestamp', { ok: true }],
];

describe('request and response rules over both $ref styles', () => {
  it('the by-part bundle holds its request body and answer as components', () => {
    const { document } = bundled.get('by-part')!;
    expect(Object.keys(document.components?.requestBodies ?? {})).not.toEqual([]);
    expect(Object.keys(document.components?.responses ?? {})).not.toEqual([]);
  });

  it.each(requests)('%s: the same request findings', (_, body) => {
    const verdicts = STYLES.map((style) => {
      const { document, validator } = bundled.get(style)!;
      const operation = document.paths!['/chat.postEphemeral']!.post as Record<string, any>;
      return checkRequest({
        document,
        validator,
        generation: 'v1',
        path: '/chat.postEphemeral',
        method: 'post',
        operation,
        mediaType: 'application/json',
        body,
        avatarHosts: [],
        query: {},
      }).map((d) => `${d.rule} ${d.location}`);
    });
    expect(verdicts[1]).toEqual(verdicts[0]);
    if (body !== requests[0]![1]) expect(verdicts[0]).not.toEqual([]);
  });

  it.each(answers)('%s: the same response findings', (name, body) => {
    const verdicts = STYLES.map((style) => {
      const { document, validator } = bundled.get(style)!;
      return checkResponse(document, validator, {
        path: '/chat.postEphemeral',
        method: 'POST',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body,
      }).map((d) => `${d.rule} ${d.location}`);
    });
    expect(verdicts[1]).toEqual(verdicts[0]);
    expect(verdicts[0]!.length > 0).toBe(name !== 'a valid answer');
  });
});
