import type { OpenApiDocument } from '../documents.js';

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** One operation of a document: under `paths` or `webhooks`, with where it sits. */
export interface OperationEntry {
  kind: 'path' | 'webhook';
  /** The path (`/chat.postEphemeral`) or the webhook name (`chat.message`). */
  name: string;
  method: (typeof HTTP_METHODS)[number];
  operation: Record<string, any>;
  /** Keys from the document root to the operation, for JSON Pointers. */
  location: string[];
}

/** Every operation of a document's paths and webhooks, in document order. */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const kind of ['path', 'webhook'] as const) {
    const section = kind === 'path' ? 'paths' : 'webhooks';
    for (const [name, item] of Object.entries(document[section] ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = (item as Record<string, unknown>)[method];
        if (operation)
          entries.push({
            kind,
            name,
            method,
            operation: operation as Record<string, any>,
            location: [section, name, method],
          });
      }
    }
  }
  return entries;
}

/**
 * Follows a local `$ref` (`#/components/...`) to what it names; other values come back as they are.
 */
export function resolveLocal<T = Record<string, any>>(
  document: OpenApiDocument,
  value: unknown,
): { value: T; location?: string[] } {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return { value: value as T };
  const location = ref
    .slice(2)
    .split('/')
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const target = location.reduce<any>((node, key) => node?.[key], document);
  if (target === undefined) throw new Error(`unresolved reference ${ref}`);
  return { value: target as T, location };
}
