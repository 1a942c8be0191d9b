import type { ErrorObject } from 'ajv';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { OpenApiDocument } from '../documents.js';
import { dereference } from '../openapi/dereference.js';
import { resolveLocal } from '../openapi/operations.js';
import { type DocumentValidator, pointer } from '../validation/document-validator.js';
import type { Credential } from './front-config.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from './http-io.js';
import { isRecord } from '../is-record.js';

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

/** A request as the front read it: a body it could not read, and its query's fields. */
export interface ReadRequest extends RequestContext {
  /** Why there is no body to judge: over the size bound, or not what its media type says. */
  unread?: 'too_large' | 'undecodable';
  /** The query's fields; undefined when one repeats (RFC 6749 3.1). */
  query: Record<string, string> | undefined;
}

/**
 * Every rule the request breaks once its operation is known, as the spec's error codes, in the
 * order they decide the answer: the body as read, scopes and access, the body against the
 * document, the query. Never throws; an empty list passes the request.
 */
export function checkRequest(request: ReadRequest): Diagnostic[] {
  return [
    ...readFindings(request),
    ...accessFindings(request),
    ...(request.unread ? [] : bodyFindings(request)),
    ...(request.query ? [] : [invalid(request, 'a query field is repeated', 'query')]),
  ];
}

/** The spec's code for a bad request in a generation: RFC 6749 `invalid_request` on OAuth. */
function invalidCode(generation: RequestContext['generation']): string {
  return generation === 'auth' ? 'invalid_request' : 'invalid_parameter';
}

function invalid(context: RequestContext, message: string, location: string): Diagnostic {
  return diagnostic(invalidCode(context.generation), message, { location });
}

/** A body over the size bound, or one that is not what its media type says. */
function readFindings(request: ReadRequest): Diagnostic[] {
  if (request.unread === 'undecodable')
    return [
      invalid(
        request,
        `the body is not ${request.mediaType ?? 'text'} as sent (malformed, a repeated form field, or JSON nested over ${MAX_JSON_DEPTH} levels)`,
        'body',
      ),
    ];
  if (request.unread !== 'too_large') return [];
  const message = `the body is over ${MAX_BODY_BYTES} bytes`;
  // An oversized body gets the operation's own answer: 413 where it documents one (EPH-03).
  return [
    request.operation.responses?.['413']
      ? diagnostic('msg_too_long', message, { requirement: 'EPH-03', location: 'body' })
      : invalid(request, message, 'body'),
  ];
}

/**
 * AUTH-13: a token holds every scope of one of the operation's security requirements; AUTH-11,
 * SUB-06: its access model is one the operation allows. Both are answered `missing_scope`.
 */
function accessFindings(context: RequestContext): Diagnostic[] {
  const { operation, token } = context;
  if (!token) return [];
  const findings: Diagnostic[] = [];
  const requirements = (operation.security ?? []) as Array<Record<string, string[]>>;
  const scoped =
    requirements.length === 0 ||
    requirements.some((r) =>
      Object.values(r).every((scopes) => scopes.every((s) => token.scopes.includes(s))),
    );
  if (!scoped) {
    const needed = requirements.map((r) => Object.values(r).flat().join(' and ')).join(', or ');
    findings.push(
      diagnostic('missing_scope', `the token lacks the scopes the operation needs: ${needed}`, {
        requirement: 'AUTH-13',
        location: 'header Authorization',
      }),
    );
  }
  const access = operation['x-access'] as string[] | undefined;
  // SUB-06: v0 is organization-only; AUTH-11: elsewhere a personal token is allow-listed.
  if (access && !access.includes(token.access)) {
    findings.push(
      diagnostic(
        'missing_scope',
        `the operation is for ${access.join(' or ')} credentials, not ${token.access} ones`,
        {
          requirement: context.generation === 'v0' ? 'SUB-06' : 'AUTH-11',
          location: 'header Authorization',
        },
      ),
    );
  }
  return findings;
}

/**
 * EPH-02, EPH-03, SUB-03, VER-12, AUTH-11: the body against the document, as the spec's errors.
 * A schema error is `missing_parameter` on v1 for a missing field (listed first: it decides the
 * answer over any other schema error), else the generation's invalid code; it enforces the
 * document, so it names no single requirement.
 */
function bodyFindings(context: RequestContext): Diagnostic[] {
  const { content } = requestBodyOf(context);
  if (!content) return [];
  // The media type comes from the request: `constructor` or `__proto__` must not find a member of
  // Object.prototype and be taken for a documented one.
  if (!context.mediaType || !Object.hasOwn(content, context.mediaType))
    return [
      invalid(
        context,
        `the media type ${context.mediaType ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`,
        'header Content-Type',
      ),
    ];
  // Every body the spec shows is a JSON object or a form; `null`, an array or a bare value is none,
  // whatever a document that leaves the shape open would accept, and handlers may rely on it.
  if (!isRecord(context.body)) return [invalid(context, 'the body is not an object', 'body')];
  return [...schemaFindings(context, content, context.mediaType), ...senderFindings(context)];
}

/**
 * The operation's request body and where it sits: inline in the path item, or where a `$ref`
 * leads (`components/requestBodies/...`, as a bundler places a request body a path item refers to
 * whole). Either way its schema is judged: a body is never let through for where it was written.
 */
function requestBodyOf(context: RequestContext): {
  content?: Record<string, unknown>;
  location: string[];
} {
  const raw = context.operation.requestBody;
  if (raw === undefined) return { location: [] };
  const { value, location } = resolveLocal<{ content?: Record<string, unknown> }>(
    context.document,
    raw,
  );
  return {
    content: value?.content,
    location: location ?? ['paths', context.path, context.method, 'requestBody'],
  };
}

/** The body against its schema, and the fields over their byte limit (EPH-03). */
function schemaFindings(
  context: RequestContext,
  content: Record<string, unknown>,
  mediaType: string,
): Diagnostic[] {
  const { generation } = context;
  const schemaPointer = pointer([
    ...requestBodyOf(context).location,
    'content',
    mediaType,
    'schema',
  ]);
  const errors = context.validator.validate(schemaPointer, context.body);
  const missing = generation === 'v1' ? errors.filter(isMissing) : [];
  const findings = [
    ...missing.map((error) => schemaFinding('missing_parameter', error)),
    ...errors
      .filter((error) => !missing.includes(error))
      .map((error) => schemaFinding(invalidCode(generation), error)),
  ];
  const schema = dereference(context.document, (content[mediaType] as { schema: unknown }).schema);
  for (const field of oversizedFields(schema, context.body, 'body'))
    findings.push(
      diagnostic('msg_too_long', `${field} is over its byte limit`, {
        requirement: 'EPH-03',
        location: field,
      }),
    );
  return findings;
}

/** AUTH-11: no `sender` with a personal token; VER-12: a sender's avatar the service hosts. */
function senderFindings(context: RequestContext): Diagnostic[] {
  const { sender } = context.body as { sender?: { imageUrl?: string } };
  const findings: Diagnostic[] = [];
  if (sender !== undefined && context.token?.access === 'personal')
    findings.push(
      diagnostic('access_mode_not_supported', 'a personal token may not send `sender`', {
        requirement: 'AUTH-11',
        location: 'body/sender',
      }),
    );
  const gated = context.operation['x-avatar-url'] === 'service-hosted';
  if (gated && sender?.imageUrl && !isHostedAvatar(sender.imageUrl, context.avatarHosts))
    findings.push(
      diagnostic('invalid_parameter', 'sender.imageUrl is not a service-hosted avatar', {
        requirement: 'VER-12',
        location: 'body/sender/imageUrl',
      }),
    );
  return findings;
}

/** One schema error of the body, located by `body` and the JSON Pointer of the field. */
function schemaFinding(rule: string, error: ErrorObject): Diagnostic {
  const field = (error.params as { missingProperty?: string }).missingProperty;
  const where = field === undefined ? error.instancePath : `${error.instancePath}/${field}`;
  return diagnostic(rule, `${where || '/'} ${error.message ?? 'is invalid'}`, {
    location: `body${where}`,
  });
}

function isMissing(error: ErrorObject): boolean {
  return error.keyword === 'required';
}

/**
 * Where the body has a string over its `x-max-bytes` (EPH-03: `text`, 8,000 bytes of UTF-8), at
 * any depth, as locations under `at` (`body/text`).
 */
function oversizedFields(schema: unknown, value: unknown, at: string): string[] {
  if (schema === null || typeof schema !== 'object' || value === null || typeof value !== 'object')
    return [];
  const node = schema as { properties?: Record<string, any>; allOf?: unknown[] };
  const found: string[] = [];
  for (const part of node.allOf ?? []) found.push(...oversizedFields(part, value, at));
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    // The names are the schema's; only the body's own members count as its fields.
    const field = Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
    const limit = property?.['x-max-bytes'];
    if (
      typeof limit === 'number' &&
      typeof field === 'string' &&
      Buffer.byteLength(field, 'utf8') > limit
    )
      found.push(`${at}/${name}`);
    found.push(...oversizedFields(property, field, `${at}/${name}`));
  }
  return [...new Set(found)];
}

/** VER-12: an avatar from the asset endpoint (a configured host) or a legacy service path. */
function isHostedAvatar(url: string, hosts: string[]): boolean {
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
