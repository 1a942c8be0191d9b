import { listApiDocuments, readBundledDocument } from '../documents.js';
import type { WebhookVersion } from '../webhooks/versions.js';

type Schema = Record<string, unknown>;

/** How many `$ref`s and combinators one lookup follows: the bundled documents need a handful. */
const MAX_STEPS = 256;

/**
 * Whether the payload schema of `event` at `version` names the field at `segments` (object
 * properties and array items, through `$ref`, `allOf`, `anyOf` and `oneOf`): a field the contract
 * knows, so an override may add it where the example leaves it out.
 */
export function schemaDeclares(
  version: WebhookVersion,
  event: string,
  segments: readonly string[],
): boolean {
  const api = listApiDocuments().find((each) => (each.version ?? each.name) === version);
  if (!api) return false;
  const document = readBundledDocument(api) as Schema;
  const root = dig(document, ['webhooks', event, 'post', 'requestBody', 'content']);
  const schema = dig(root, ['application/json', 'schema']);
  const budget = { steps: MAX_STEPS };
  return declares(document, schema, segments, budget);
}

function declares(
  document: Schema,
  schema: unknown,
  segments: readonly string[],
  budget: { steps: number },
): boolean {
  if (!isSchema(schema) || (budget.steps -= 1) < 0) return false;
  if (segments.length === 0) return true;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = dig(document, ref.slice(2).split('/').map(decodeSegment));
    if (declares(document, target, segments, budget)) return true;
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    if (branches.some((branch) => declares(document, branch, segments, budget))) return true;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  const properties = schema.properties;
  if (isSchema(properties) && Object.hasOwn(properties, head))
    return declares(document, properties[head], rest, budget);
  if (/^\d+$/.test(head)) return declares(document, schema.items, rest, budget);
  return false;
}

/** The value at a path of own keys, or undefined. */
function dig(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (!isSchema(at) || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

function decodeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
