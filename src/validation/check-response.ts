import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { OpenApiDocument } from '../documents.js';
import { resolveLocal } from '../openapi/operations.js';
import { type DocumentValidator, pointer } from './document-validator.js';

/** An answer to hold to a document, and the request it answered. */
export interface JudgedAnswer {
  /**
   * For `checkResponse`, the path as the document names it (`/chat.postEphemeral`); for
   * `judgeAnswer`, as sent (`/v1/chat.postEphemeral`), and the document is chosen from it.
   */
  path: string;
  method: string;
  status: number;
  headers: Headers | Record<string, string>;
  body: unknown;
}

/**
 * Checks a response against its operation in a bundled document: the status is documented (exact,
 * `NXX` or `default`), the media type is one documented, the body validates, required headers are
 * present. Returns every difference; never throws.
 */
export function checkResponse(
  document: OpenApiDocument,
  validator: DocumentValidator,
  response: JudgedAnswer,
): Diagnostic[] {
  const method = response.method.toLowerCase();
  // The path, method and media type come from outside: only the document's own members count.
  const item = ownMember(document.paths, response.path);
  const operation = ownMember(item, method);
  if (!operation)
    return [
      diagnostic(
        'undocumented_operation',
        `${method.toUpperCase()} ${response.path} is not in the document`,
        { location: 'request' },
      ),
    ];
  const status = String(response.status);
  const key = [status, `${status[0]}XX`, 'default'].find(
    (candidate) => operation.responses?.[candidate],
  );
  if (!key)
    return [
      diagnostic(
        'undocumented_status',
        `status ${status} is not documented for ${method.toUpperCase()} ${response.path}`,
        { location: 'status' },
      ),
    ];
  const { value: documented, location: shared } = resolveLocal(document, operation.responses[key]);
  const base = shared ?? ['paths', response.path, method, 'responses', key];
  return [
    ...headerFindings(document, documented, response),
    ...contentFindings(validator, documented, base, response),
  ];
}

/** The headers the documented response requires and the answer lacks. */
function headerFindings(
  document: OpenApiDocument,
  documented: Record<string, any>,
  response: JudgedAnswer,
): Diagnostic[] {
  const headers = Object.entries((documented.headers ?? {}) as Record<string, unknown>);
  return headers
    .filter(([, header]) => resolveLocal(document, header).value.required)
    .filter(([name]) => readHeader(response.headers, name) === undefined)
    .map(([name]) =>
      diagnostic('missing_header', `required header ${name} is missing`, {
        location: `header ${name}`,
      }),
    );
}

/** The media type against the documented ones, then the body against its schema. */
function contentFindings(
  validator: DocumentValidator,
  documented: Record<string, any>,
  base: ReadonlyArray<string | number>,
  response: JudgedAnswer,
): Diagnostic[] {
  const content = documented.content as Record<string, unknown> | undefined;
  // HTTP gives 204 and 205 no body: a range (`2XX`) that documents one cannot ask it of them.
  if (!content || response.status === 204 || response.status === 205) return [];
  const mediaType = readHeader(response.headers, 'content-type')
    ?.split(';')[0]
    ?.trim()
    .toLowerCase();
  if (!mediaType || !Object.hasOwn(content, mediaType)) {
    const documentedTypes = Object.keys(content).join(', ');
    return [
      diagnostic(
        'content_type',
        `content type ${mediaType ?? '(none)'} is not one of ${documentedTypes}`,
        { location: 'header content-type' },
      ),
    ];
  }
  const errors = validator.validate(
    pointer([...base, 'content', mediaType, 'schema']),
    response.body,
  );
  return errors.map((error) =>
    diagnostic('body', `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`, {
      location: `body${error.instancePath}`,
    }),
  );
}

/** A header of an answer, by name in any case; fetch's `Headers` or a plain record. */
export function readHeader(
  headers: Headers | Record<string, string>,
  name: string,
): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function ownMember(record: unknown, key: string): Record<string, any> | undefined {
  if (!record || typeof record !== 'object' || !Object.hasOwn(record, key)) return undefined;
  return (record as Record<string, Record<string, any>>)[key];
}
