import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/documents.ts';
import { listOperations, resolveLocal } from '../../src/openapi/operations.ts';
import { pointer } from '../../src/validation/document-validator.ts';
import { loadBundles } from '../support/bundles.ts';
import { webhookExamples } from '../support/webhook-examples.ts';

// Every example a bundle holds, wherever it is (request and response bodies, request and response
// headers, webhook deliveries, and `examples` inside schemas), validates against the schema beside
// it: tools send and answer these values as they are. A webhook's examples are its header
// parameters' and the valid deliveries beside its payload schema (with the bundle's `apiVersion`,
// VER-08), which the bundle judges.
type Kind = 'request' | 'response' | 'parameter' | 'header' | 'webhook' | 'schema';

interface Example {
  kind: Kind;
  label: string;
  schemaPointer: string;
  value: unknown;
}

/** Which part of a document an example sits in, by the keys leading to it. */
function kindOf(keys: string[]): Kind {
  if (keys[0] === 'webhooks') return 'webhook';
  if (keys.includes('headers')) return 'header';
  if (keys.includes('parameters')) return 'parameter';
  if (keys.includes('requestBody')) return 'request';
  return 'response';
}

function collectExamples(document: OpenApiDocument): Example[] {
  const found: Example[] = [];
  const visit = (node: unknown, keys: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...keys, `${index}`]));
    const record = node as Record<string, unknown>;
    const label = keys.join(' ');
    // A media type, parameter or header: `example` or named `examples` beside `schema`.
    if ('schema' in record) {
      const schemaPointer = pointer([...keys, 'schema']);
      const kind = kindOf(keys);
      if ('example' in record) found.push({ kind, label, schemaPointer, value: record.example });
      const named = (record.examples ?? {}) as Record<string, unknown>;
      for (const [name, example] of Object.entries(named)) {
        const { value } = resolveLocal<{ value: unknown }>(document, example).value;
        found.push({ kind, label: `${label} ${name}`, schemaPointer, value });
      }
    }
    // A schema's own `examples` keyword: a list of instances of that schema.
    if (Array.isArray(record.examples) && !('schema' in record))
      for (const [index, value] of record.examples.entries())
        found.push({ kind: 'schema', label: `${label} [${index}]`, schemaPointer: pointer(keys), value });
    for (const [key, value] of Object.entries(record))
      if (key !== 'examples' && key !== 'example') visit(value, [...keys, key]);
  };
  visit(document, []);
  return found;
}

/** Each webhook's header examples and the valid deliveries of its payload schema's example file. */
function webhookDeliveries(document: OpenApiDocument): Example[] {
  const found: Example[] = [];
  for (const entry of listOperations(document).filter((e) => e.kind === 'webhook')) {
    const label = `${entry.name} ${entry.method}`;
    for (const raw of entry.operation.parameters ?? []) {
      const { value: parameter, location } = resolveLocal(document, raw);
      if (!('example' in parameter) || !location) continue;
      const schemaPointer = pointer([...location, 'schema']);
      const value = parameter.example;
      found.push({ kind: 'webhook', label: `${label} ${parameter.name}`, schemaPointer, value });
    }
    const body = [...entry.location, 'requestBody', 'content', 'application/json', 'schema'];
    for (const delivery of webhookExamples(document, entry.name).filter((c) => c.valid))
      found.push({
        kind: 'webhook',
        label: `${label} ${delivery.description}`,
        schemaPointer: pointer(body),
        value: delivery.data,
      });
  }
  return found;
}

/**
 * The JSON error responses of a document's paths that show a shape, by label: exact statuses, not
 * the ranges (`4XX`) that stand for refusals whose codes the specification does not give.
 */
function errorResponses(document: OpenApiDocument) {
  return listOperations(document)
    .filter((entry) => entry.kind === 'path')
    .flatMap((entry) =>
      Object.entries((entry.operation.responses ?? {}) as Record<string, unknown>)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .map(([status, raw]) => {
          const media = resolveLocal(document, raw).value.content?.['application/json'];
          return [`${entry.method} ${entry.name} ${status}`, status, media] as const;
        })
        .filter(([, , media]) => {
          if (!media) return false;
          return resolveLocal(document, media.schema).value['x-shape'] !== 'unspecified';
        }),
    );
}

const bundles = loadBundles();

describe.each(bundles.map((bundle) => [bundle.api.name, bundle] as const))(
  '%s',
  (name, { document, validator }) => {
    const examples = [...collectExamples(document), ...webhookDeliveries(document)];

    it('holds examples of requests, responses and, for v0 and v1, headers and webhooks', () => {
      const kinds = new Set(examples.map((example) => example.kind));
      const expected: Kind[] =
        name === 'auth'
          ? ['request', 'response']
          : name === 'v0'
            ? ['request', 'response', 'parameter', 'webhook']
            : ['request', 'response', 'parameter', 'header', 'webhook'];
      expect([...kinds].filter((kind) => expected.includes(kind)).sort()).toEqual(expected.sort());
    });

    it.each(examples.map((example) => [`${example.kind} ${example.label}`, example] as const))(
      '%s is valid',
      (_, example) => {
        const errors = validator.validate(example.schemaPointer, example.value);
        expect(errors.map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
      },
    );

    // Prism answers an error response's first example unless `Prefer: example=<name>` picks
    // another: each response shows every code it may carry, named by the code, the missing
    // credential first among the 401s (AUTH-01, AUTH-02).
    const errors = errorResponses(document);
    it.each(errors)('%s names one example per code', (_, status, media) => {
      const named = Object.entries((media.examples ?? {}) as Record<string, { value: any }>);
      expect(named.length).toBeGreaterThan(0);
      for (const [exampleName, { value }] of named) {
        const code = value.supportedVersions ? 'unsupported_version' : (value.error ?? value.code);
        expect(exampleName).toBe(code);
      }
      if (status === '401') expect(named[0]![0]).toBe('not_authed');
    });

    // Tools that pair a request example with the answer of the same name can.
    const paired = listOperations(document).filter(
      (entry) => entry.kind === 'path' && entry.operation.requestBody,
    );
    it.each(paired.map((entry) => [`${entry.method} ${entry.name}`, entry] as const))(
      '%s names its success examples as its request examples',
      (_, entry) => {
        const content = resolveLocal(document, entry.operation.requestBody).value.content;
        const requestNames = Object.values(content as Record<string, any>).flatMap((media) =>
          Object.keys(media.examples ?? {}),
        );
        const success = Object.entries(entry.operation.responses as Record<string, unknown>)
          // Exact statuses: a range (`2XX`) stands for a success the specification does not show.
          .filter(([status]) => /^2\d\d$/.test(status))
          .map(([, raw]) => resolveLocal(document, raw).value.content?.['application/json'])
          .filter(Boolean);
        for (const media of success)
          expect(Object.keys(media.examples ?? {}).sort()).toEqual([...requestNames].sort());
      },
    );
  },
);
