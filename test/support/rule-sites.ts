/**
 * The rules a schema file states itself, as the `schemaPath`s ajv reports when one is broken
 * (`#/properties/timestamp/type`, `#/required/chatId`). Referenced files are not followed: each
 * file's own examples cover its own rules. `if` and `not` bodies are conditions, not rules.
 */
const RULE_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'maxLength',
  'minLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'not',
  'anyOf',
  'oneOf',
]);
const SUBSCHEMA_MAPS = ['properties', 'dependentSchemas', '$defs'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'then', 'else', 'contains', 'additionalProperties'];

export function ruleSites(schema: unknown, path = '#'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const sites: string[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (RULE_KEYWORDS.has(keyword)) sites.push(`${path}/${keyword}`);
    if (keyword === 'additionalProperties' && value === false)
      sites.push(`${path}/additionalProperties`);
    if (keyword === 'required')
      sites.push(...(value as string[]).map((name) => `${path}/required/${name}`));
    if (SUBSCHEMA_MAPS.includes(keyword)) {
      for (const [name, sub] of Object.entries(value as object))
        sites.push(...ruleSites(sub, `${path}/${keyword}/${name}`));
    }
    if (SUBSCHEMA_LISTS.includes(keyword)) {
      (value as unknown[]).forEach((sub, index) =>
        sites.push(...ruleSites(sub, `${path}/${keyword}/${index}`)),
      );
    }
    if (SUBSCHEMAS.includes(keyword)) sites.push(...ruleSites(value, `${path}/${keyword}`));
  }
  return sites;
}

/** Every object node of a schema file, not following `$ref`s: to tell which file an error is in. */
export function ownNodes(schema: unknown, nodes = new Set<object>()): Set<object> {
  if (schema === null || typeof schema !== 'object') return nodes;
  nodes.add(schema);
  for (const value of Object.values(schema)) ownNodes(value, nodes);
  return nodes;
}
