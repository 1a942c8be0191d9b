import type { ErrorObject } from 'ajv';
import type { OpenApiDocument } from '../documents.js';
import { dereference } from '../openapi/dereference.js';
import { type DocumentValidator, pointer } from '../validation/document-validator.js';
import type { Credential } from './front-config.js';
import type { SpecError } from './spec-error.js';

export interface RequestContext {
  document: OpenApiDocument;
  validator: DocumentValidator;
  generation: 'v0' | 'v1' | 'auth';
  path: string;
  method: string;
  operation: Record<string, any>;
  token?: Credential;
  mediaType?: string;
  body: unknown;
  avatarHosts: string[];
}

/** AUTH-13, SUB-06, SUB-08: a scope of one of the operation's requirements, and an allowed access model. */
export function checkAccess(context: RequestContext): SpecError | undefined {
  const { operation, token } = context;
  if (!token) return undefined;
  const requirements = (operation.security ?? []) as Array<Record<string, string[]>>;
  const scoped =
    requirements.length === 0 ||
    requirements.some((r) =>
      Object.values(r).every((scopes) => scopes.every((s) => token.scopes.includes(s))),
    );
  const access = operation['x-access'] as string[] | undefined;
  if (scoped && (!access || access.includes(token.access))) return undefined;
  // The status the document gives a refused scope: 403 where it has one (postEphemeral), else 401.
  return { status: operation.responses?.['403'] ? 403 : 401, code: 'missing_scope' };
}

/** EPH-02, EPH-03, SUB-03, VER-12, AUTH-11: the body against the document, as the spec's errors. */
export function checkBody(context: RequestContext): SpecError | undefined {
  const { operation, generation } = context;
  const content = operation.requestBody?.content as Record<string, unknown> | undefined;
  if (!content) return undefined;
  const invalid: SpecError = {
    status: 400,
    code: generation === 'auth' ? 'invalid_request' : 'invalid_parameter',
  };
  // The media type comes from the request: `constructor` or `__proto__` must not find a member of
  // Object.prototype and be taken for a documented one.
  if (!context.mediaType || !Object.hasOwn(content, context.mediaType)) return invalid;
  // Every body the spec shows is a JSON object or a form; `null`, an array or a bare value is none,
  // whatever a document that leaves the shape open would accept, and handlers may rely on it.
  if (!isRecord(context.body)) return invalid;
  const schemaPointer = pointer([
    'paths',
    context.path,
    context.method,
    'requestBody',
    'content',
    context.mediaType,
    'schema',
  ]);
  const errors = context.validator.validate(schemaPointer, context.body);
  if (errors.length)
    return generation === 'v1' && errors.some(isMissing)
      ? { status: 400, code: 'missing_parameter' }
      : invalid;
  const schema = dereference(
    context.document,
    (content[context.mediaType] as { schema: unknown }).schema,
  );
  if (exceedsMaxBytes(schema, context.body)) return { status: 413, code: 'msg_too_long' };
  const body = context.body as { sender?: { imageUrl?: string } };
  if (body.sender !== undefined && context.token?.access === 'personal')
    return { status: 400, code: 'access_mode_not_supported' };
  if (
    operation['x-avatar-url'] === 'service-hosted' &&
    body.sender?.imageUrl &&
    !isHostedAvatar(body.sender.imageUrl, context.avatarHosts)
  ) {
    return { status: 400, code: 'invalid_parameter' };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isMissing(error: ErrorObject): boolean {
  return error.keyword === 'required';
}

/** Properties marked `x-max-bytes` (EPH-03: `text`, 8,000 bytes of UTF-8), at any depth of the body. */
function exceedsMaxBytes(schema: unknown, value: unknown): boolean {
  if (schema === null || typeof schema !== 'object' || value === null || typeof value !== 'object')
    return false;
  const node = schema as { properties?: Record<string, any>; allOf?: unknown[] };
  for (const part of node.allOf ?? []) if (exceedsMaxBytes(part, value)) return true;
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const field = (value as Record<string, unknown>)[name];
    const limit = property?.['x-max-bytes'];
    if (
      typeof limit === 'number' &&
      typeof field === 'string' &&
      Buffer.byteLength(field, 'utf8') > limit
    )
      return true;
    if (exceedsMaxBytes(property, field)) return true;
  }
  return false;
}

/** VER-12: an avatar from the asset endpoint (a configured host) or a legacy service path. */
export function isHostedAvatar(url: string, hosts: string[]): boolean {
  try {
    const parsed = new URL(url);
    return (
      hosts.includes(parsed.host) ||
      parsed.pathname.startsWith('/card-images/') ||
      parsed.pathname.startsWith('/photos/people/')
    );
  } catch {
    return false;
  }
}
