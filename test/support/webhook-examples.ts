import type { OpenApiDocument } from '../../src/documents.ts';
import { resolveLocal } from '../../src/openapi/operations.ts';
import { loadSchemaFiles } from '../../scripts/build/schema-files.ts';
import { type ExampleCase, loadExampleFiles } from '../../scripts/build/example-files.ts';

const exampleFiles = loadExampleFiles(loadSchemaFiles());

/**
 * The example cases of a webhook's payload schema in a bundle, with `apiVersion` set to the
 * bundle's version where the payload has one (VER-08: it equals the subscription's version).
 */
export function webhookExamples(document: OpenApiDocument, event: string): ExampleCase[] {
  const folder = document.info.version === 'v0' ? 'webhooks/v0/' : 'webhooks/v1/';
  const operation = (document.webhooks?.[event] as Record<string, any>).post;
  const title = resolveLocal(document, operation.requestBody.content['application/json'].schema)
    .value.title as string;
  return exampleFiles
    .filter((file) => file.schema?.path === `${folder}${title}.schema.json`)
    .flatMap((file) => file.cases)
    .map((entry) => ({ ...entry, data: withApiVersion(entry.data, document.info.version) }));
}

function withApiVersion(data: unknown, version: string): unknown {
  if (data === null || typeof data !== 'object' || !('apiVersion' in data)) return data;
  return { ...data, apiVersion: version };
}
