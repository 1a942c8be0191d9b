import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/documents.ts';
import { listOperations, resolveLocal } from '../../src/openapi/operations.ts';
import { pointer } from '../../src/validation/document-validator.ts';
import { loadBundles } from '../support/bundles.ts';
import { webhookExamples } from '../support/webhook-examples.ts';

// The bundled documents are what Prism, clients and docs read: their inline examples must validate
// against the bundled schemas, and every request body and success response must have one.
interface MediaTypeSite {
  label: string;
  schemaPointer: string;
  examples: Record<string, { value: unknown }>;
  needsExample: boolean;
}

function mediaTypeSites(document: OpenApiDocument): MediaTypeSite[] {
  const sites: MediaTypeSite[] = [];
  for (const entry of listOperations(document)) {
    const label = `${entry.kind} ${entry.name} ${entry.method}`;
    const bodies: Array<[string, unknown, string[], boolean]> = [];
    if (entry.operation.requestBody)
      bodies.push([
        'request',
        entry.operation.requestBody,
        [...entry.location, 'requestBody'],
        entry.kind === 'path',
      ]);
    for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
      bodies.push([status, response, [...entry.location, 'responses', status], /^2/.test(status)]);
    }
    for (const [what, raw, location, needsExample] of bodies) {
      const resolved = resolveLocal(document, raw);
      const base = resolved.location ?? location;
      for (const [mediaType, content] of Object.entries(
        (resolved.value.content ?? {}) as Record<string, any>,
      )) {
        // A body whose shape the specification does not show gets no example: any example would be invented.
        const unspecified =
          resolveLocal(document, content.schema).value['x-shape'] === 'unspecified';
        sites.push({
          label: `${label} ${what} ${mediaType}`,
          schemaPointer: pointer([...base, 'content', mediaType, 'schema']),
          examples: content.examples ?? {},
          needsExample: needsExample && !unspecified,
        });
      }
    }
  }
  return sites;
}

describe.each(loadBundles().map((bundle) => [bundle.api.name, bundle] as const))(
  '%s',
  (_, { document, validator }) => {
    const sites = mediaTypeSites(document);

    it.each(sites.filter((site) => site.needsExample).map((site) => [site.label, site] as const))(
      '%s has an example',
      (_, site) => {
        expect(Object.keys(site.examples).length).toBeGreaterThan(0);
      },
    );

    const examples = sites.flatMap((site) =>
      Object.entries(site.examples).map(
        ([name, example]) => [`${site.label} example ${name}`, site, example.value] as const,
      ),
    );
    it.each(examples)('%s is valid', (_, site, value) => {
      expect(
        validator.validate(site.schemaPointer, value).map((e) => `${e.instancePath} ${e.message}`),
      ).toEqual([]);
    });

    // DLV-12, VER-08: every delivery example of the payload's schema file is a valid delivery of this
    // document, once its apiVersion says this document's version.
    const webhooks = listOperations(document).filter((entry) => entry.kind === 'webhook');
    it.each(webhooks.map((entry) => [entry.name, entry] as const))(
      'webhook %s accepts its schema examples',
      (_, entry) => {
        const cases = webhookExamples(document, entry.name);
        expect(cases.filter((example) => example.valid).length).toBeGreaterThan(0);
        const schemaPointer = pointer([
          ...entry.location,
          'requestBody',
          'content',
          'application/json',
          'schema',
        ]);
        for (const example of cases) {
          expect(
            validator.validate(schemaPointer, example.data).length === 0,
            example.description,
          ).toBe(example.valid);
        }
      },
    );
  },
);
