import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApiDocument, OpenApiDocument } from '../../src/documents.ts';
import { listApiSources } from './api-sources.ts';
import { GENERATED_HEADER } from './generated-header.ts';

const COMPONENT = '#/components/schemas/';

/**
 * Writes one self-contained JSON Schema 2020-12 per webhook payload of every bundle, for tools
 * that want a payload's schema without OpenAPI: `schemas/<v0|v1/YYYY-MM-DD>/<event>.schema.json`.
 * The components a payload uses move under `$defs`. A `:` of a v0 event name becomes `.` in the
 * file name, which must be valid on every file system.
 */
export async function generateSchemas(
  generatedDir: string,
  apis: ApiDocument[] = listApiSources(),
): Promise<void> {
  await rm(join(generatedDir, 'schemas'), { recursive: true, force: true });
  for (const api of apis) {
    const document = JSON.parse(
      await readFile(join(generatedDir, api.bundle), 'utf8'),
    ) as OpenApiDocument;
    for (const [event, schema] of webhookSchemas(document)) {
      const target = join(generatedDir, payloadSchemaPath(api, event));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${JSON.stringify(standalone(document, event, schema), null, 2)}\n`);
    }
  }
}

/** Where the payload schema of one event of one document goes, relative to generated/. */
export function payloadSchemaPath(api: ApiDocument, event: string): string {
  return `schemas/${api.bundle.slice('openapi/'.length, -'.json'.length)}/${event.replaceAll(':', '.')}.schema.json`;
}

function webhookSchemas(document: OpenApiDocument): Array<[string, unknown]> {
  return Object.entries(document.webhooks ?? {}).map(([event, item]) => {
    const post = item.post as {
      requestBody: { content: { 'application/json': { schema: unknown } } };
    };
    return [event, post.requestBody.content['application/json'].schema];
  });
}

function standalone(document: OpenApiDocument, event: string, schema: unknown): object {
  const components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const defs: Record<string, unknown> = {};
  const pending = referencedNames(schema);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (Object.hasOwn(defs, name)) continue;
    defs[name] = rewriteRefs(components[name]);
    pending.push(...referencedNames(components[name]));
  }
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, defs[name]]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment: `${GENERATED_HEADER}: the ${event} payload of ${document.info.title} ${document.info.version}`,
    title: event,
    ...(rewriteRefs(schema) as object),
    $defs: sorted,
  };
}

function referencedNames(value: unknown): string[] {
  const names: string[] = [];
  JSON.stringify(value, (key, child: unknown) => {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT))
      names.push(child.slice(COMPONENT.length));
    return child;
  });
  return names;
}

function rewriteRefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, child: unknown) =>
    key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT)
      ? `#/$defs/${child.slice(COMPONENT.length)}`
      : child,
  );
}
