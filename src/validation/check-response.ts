import type { OpenApiDocument } from '../documents.js';
import { resolveLocal } from '../openapi/operations.js';
import { type DocumentValidator, pointer } from './document-validator.js';

/** One way a response differs from its document. */
export interface ResponseDiagnostic {
  rule:
    'undocumented_operation' | 'undocumented_status' | 'content_type' | 'body' | 'missing_header';
  message: string;
  /** Where in the response: `status`, `header Service-Version`, `body/webhooks/0/id`. */
  location: string;
}

export interface ObservedResponse {
  /** The path as the document names it (`/chat.postEphemeral`), without the server's prefix. */
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
  response: ObservedResponse,
): ResponseDiagnostic[] {
  const method = response.method.toLowerCase();
  const operation = (document.paths?.[response.path] as Record<string, any> | undefined)?.[method];
  if (!operation)
    return [
      {
        rule: 'undocumented_operation',
        message: `${method.toUpperCase()} ${response.path} is not in the document`,
        location: 'request',
      },
    ];
  const status = String(response.status);
  const key = [status, `${status[0]}XX`, 'default'].find(
    (candidate) => operation.responses?.[candidate],
  );
  if (!key)
    return [
      {
        rule: 'undocumented_status',
        message: `status ${status} is not documented for ${method.toUpperCase()} ${response.path}`,
        location: 'status',
      },
    ];
  const { value: documented, location: shared } = resolveLocal(document, operation.responses[key]);
  const base = shared ?? ['paths', response.path, method, 'responses', key];
  const read = (name: string) =>
    (response.headers instanceof Headers
      ? response.headers.get(name)
      : Object.entries(response.headers).find(
          ([n]) => n.toLowerCase() === name.toLowerCase(),
        )?.[1]) ?? undefined;

  const diagnostics: ResponseDiagnostic[] = [];
  for (const [name, header] of Object.entries(
    (documented.headers ?? {}) as Record<string, unknown>,
  )) {
    if (resolveLocal(document, header).value.required && read(name) === undefined) {
      diagnostics.push({
        rule: 'missing_header',
        message: `required header ${name} is missing`,
        location: `header ${name}`,
      });
    }
  }
  const content = documented.content as Record<string, unknown> | undefined;
  if (!content) return diagnostics;
  const mediaType = read('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType || !(mediaType in content)) {
    diagnostics.push({
      rule: 'content_type',
      message: `content type ${mediaType ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`,
      location: 'header content-type',
    });
    return diagnostics;
  }
  for (const error of validator.validate(
    pointer([...base, 'content', mediaType, 'schema']),
    response.body,
  )) {
    diagnostics.push({
      rule: 'body',
      message: `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
      location: `body${error.instancePath}`,
    });
  }
  return diagnostics;
}
