import type { OpenApiDocument } from '../../src/documents.ts';
import { forward } from '../../src/version-changes/apply.ts';
import type { DeclaredChange } from '../../src/version-changes/instruction.ts';
import { isRecord } from '../../src/is-record.ts';

type Json = Record<string, any>;
const COMPONENT = '#/components/schemas/';

/**
 * The version's bundled document with every shape change declared up to it applied
 * (openapi/versions.yaml, `instructions`), oldest first: the target's schema (a renamed, added or
 * removed property, its `required`; an enum's values), its examples, and a sentence in its
 * description. The hand-written documents stay the shape before the change; this is the one place
 * the changed variant is written. A target the document lacks, or an added field it has already,
 * stops the build, named.
 */
export function applyDeclaredShapes(document: OpenApiDocument, changes: DeclaredChange[]): void {
  for (const change of changes) {
    const where = `${change.version} ${change.kind} of \`${change.field}\` in ${change.webhook ?? change.path}`;
    const targets =
      change.webhook !== undefined
        ? webhookTargets(document, change.webhook)
        : pathTargets(document, change.path!);
    if (!targets.length)
      throw new Error(
        `${where}: the document has no such ${change.webhook !== undefined ? 'webhook' : 'path with a 2xx JSON answer'}`,
      );
    for (const target of targets) {
      const schema = ownSchema(document, target.holder, 'schema', change.version, target.data);
      changeSchema(schema, change, where);
      for (const example of target.examples) forward(change, example);
      target.operation.description =
        `${(target.operation.description ?? '').trimEnd()}\n\nFrom ${change.version}: ${change.summary}`.trim();
    }
  }
}

/** A place a change applies: the media type holding its schema, its examples' objects, and the operation. */
interface Target {
  holder: Json;
  /** Whether the business fields are the schema's `data` (an envelope, VER-08). */
  data: boolean;
  examples: Json[];
  operation: Json;
}

function pathTargets(document: OpenApiDocument, path: string): Target[] {
  const item = document.paths?.[path];
  if (!isRecord(item)) return [];
  return Object.values(item).flatMap((operation) => {
    if (!isRecord(operation) || !isRecord(operation.responses)) return [];
    return Object.entries(operation.responses)
      .filter(([status]) => /^2(\d\d|XX)$/.test(status))
      .flatMap(([, response]) => {
        const media = (response as Json)?.content?.['application/json'];
        return isRecord(media) && media.schema
          ? [
              {
                holder: media,
                data: false,
                examples: examplesOf(media, false),
                operation,
              },
            ]
          : [];
      });
  });
}

function webhookTargets(document: OpenApiDocument, event: string): Target[] {
  const operation = document.webhooks?.[event]?.post;
  const media = (operation as Json)?.requestBody?.content?.['application/json'];
  if (!isRecord(media) || !media.schema) return [];
  const enveloped = dataHolder(document, media.schema) !== undefined;
  return [
    {
      holder: media,
      data: enveloped,
      examples: examplesOf(media, enveloped),
      operation: operation as Json,
    },
  ];
}

/** The example values of a media type (their `data` once enveloped). */
function examplesOf(media: Json, data: boolean): Json[] {
  const values = [
    ...(media.example !== undefined ? [media.example] : []),
    ...Object.values(media.examples ?? {}).map((example) => (example as Json)?.value),
  ];
  return values.map((value) => (data ? value?.data : value)).filter(isRecord);
}

const componentOf = (document: OpenApiDocument, ref: unknown): Json | undefined =>
  typeof ref === 'string' && ref.startsWith(COMPONENT)
    ? (document.components?.schemas as Json)?.[ref.slice(COMPONENT.length)]
    : undefined;

/**
 * The object whose `data` property holds an envelope's business fields, if `schema` is one: of the
 * `data` properties its `allOf` members declare, the one that names a schema (the event's own,
 * not the common envelope's).
 */
function dataHolder(document: OpenApiDocument, schema: Json): Json | undefined {
  const holders = dataHolders(document, schema);
  return holders.find((properties) => properties.data.$ref) ?? holders[0];
}

function dataHolders(document: OpenApiDocument, schema: Json): Json[] {
  const resolved = componentOf(document, schema.$ref) ?? schema;
  const own = isRecord(resolved.properties?.data) ? [resolved.properties] : [];
  const members = (resolved.allOf ?? []).filter(isRecord);
  return [...own, ...members.flatMap((member: Json) => dataHolders(document, member))];
}

/**
 * The schema of the target's business fields, as an object this version's document alone uses: a
 * component another place also refers to is copied under a name of its own first.
 */
function ownSchema(
  document: OpenApiDocument,
  holder: Json,
  key: string,
  version: string,
  data: boolean,
): Json {
  if (data) {
    const properties = dataHolder(document, holder[key])!;
    return ownSchema(document, properties, 'data', version, false);
  }
  const schema = holder[key];
  const resolved = componentOf(document, schema?.$ref);
  if (!resolved) return schema;
  const name = (schema.$ref as string).slice(COMPONENT.length);
  if (references(document, name) === 1) return resolved;
  const own = `${name}@${version}`;
  const components = document.components!.schemas as Json;
  components[own] ??= structuredClone(resolved);
  holder[key] = { $ref: `${COMPONENT}${own}` };
  return components[own];
}

function references(document: OpenApiDocument, name: string): number {
  let count = 0;
  JSON.stringify(document, (key, value: unknown) => {
    if (key === '$ref' && value === `${COMPONENT}${name}`) count += 1;
    return value;
  });
  return count;
}

function changeSchema(schema: Json, change: DeclaredChange, where: string): void {
  const properties = (schema.properties ??= {}) as Json;
  const required = (schema.required ?? []) as string[];
  const has = Object.hasOwn(properties, change.field);
  switch (change.kind) {
    case 'rename':
      // A field the schema leaves unspecified (`x-shape`) is named from the version on all the
      // same, with nothing said of its value that the schema did not say.
      properties[change.to] = has
        ? properties[change.field]
        : { description: `\`${change.field}\` before ${change.version}.` };
      delete properties[change.field];
      if (required.includes(change.field))
        schema.required = required.map((name) => (name === change.field ? change.to : name));
      break;
    case 'add':
      if (has) throw new Error(`${where}: the schema has \`${change.field}\` already`);
      properties[change.field] = structuredClone(change.schema);
      if (!change.optional) schema.required = [...required, change.field];
      break;
    case 'remove':
      delete properties[change.field];
      if (required.includes(change.field))
        schema.required = required.filter((name) => name !== change.field);
      break;
    case 'enum': {
      const property = properties[change.field] as Json | undefined;
      if (Array.isArray(property?.enum))
        property!.enum = property!.enum.map((value: unknown) =>
          typeof value === 'string' && Object.hasOwn(change.map, value) ? change.map[value] : value,
        );
    }
  }
  for (const example of Array.isArray(schema.examples) ? schema.examples : [])
    if (isRecord(example)) forward(change, example);
}
