import type { IncomingMessage } from 'node:http';
import type { HttpAnswer } from '../http-answer.js';
import {
  type Generation,
  documentKeyOf,
  documentPathOf,
  generationOf,
} from '../validation/document-key.js';
import type { LoadedDocument } from '../validation/documents-by-version.js';
import type { VersionRegistry } from '../versions.js';
import { type Credential, type FrontConfig, type TokenResolver, ownEntry } from './front-config.js';
import { checkRequest } from './check-request.js';
import { findOperation } from './find-operation.js';
import { decodeBody, formFields, mediaTypeOf, readBody } from './http-io.js';
import { refusalOf } from './refusal.js';
import { requestTarget } from './request-target.js';
import { resolveVersion } from './resolve-version.js';
import { type SpecError, errorBody } from './spec-error.js';

/** A request that passed every rule in front of the answer: who, which version, which operation. */
export interface PassedRequest {
  generation: Generation;
  /** The document's key: `v0`, `auth` or the dated version used. */
  documentKey: string;
  /** The path as the document names it. */
  path: string;
  method: string;
  operation: Record<string, any>;
  query: Record<string, string>;
  bearer?: string;
  token?: Credential;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export type FrontResult =
  | ({ kind: 'answer' } & Required<HttpAnswer>)
  | { kind: 'pass'; request: PassedRequest; headers: Record<string, string> };

/** What a request that never arrived in full is answered, if its connection still listens. */
const ABORTED = { status: 408, headers: {}, body: { error: 'request_timeout' } };

/**
 * The rules of the spec every implementation applies before it answers, shared by the mock and the
 * reference server: routing by generation, the version (VER-02..05) and its headers, credentials
 * (AUTH-01, AUTH-02, AUTH-09), the operation (404, 405), scopes and access (AUTH-11, AUTH-13,
 * SUB-06, SUB-08), and the body against the document into the spec's error codes.
 */
export function createFront(
  config: FrontConfig,
  registry: VersionRegistry,
  documents: ReadonlyMap<string, LoadedDocument>,
  resolveToken: TokenResolver = (bearer) => ownEntry(config.tokens, bearer),
) {
  return async (req: IncomingMessage): Promise<FrontResult> => {
    // The body is read (bounded) before anything is judged: an answer sent while the client is
    // still uploading ends in a reset connection, and the client never sees it.
    const read = await readBody(req);
    // The client left, or its deadline passed and it was answered 408 (listen.ts): nothing more.
    if ('aborted' in read) return { kind: 'answer', ...ABORTED };
    const url = requestTarget(req.url);
    if (!url)
      return { kind: 'answer', status: 400, headers: {}, body: { error: 'invalid_request' } };
    const generation = generationOf(url.pathname);
    const headers: Record<string, string> = {};
    const fail = (error: SpecError): FrontResult => ({
      kind: 'answer',
      status: error.status,
      headers,
      body: errorBody(generation, error),
    });

    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : await resolveToken(bearer);
    const version =
      generation === 'v1' ? negotiateVersion(req, token, registry, config, headers) : '';
    if (typeof version !== 'string') return fail(version);
    const refusedCredential = credentialRefusal(generation, bearer, token);
    if (refusedCredential) return fail(refusedCredential);

    const documentKey = documentKeyOf(url.pathname, version);
    const loaded = documents.get(documentKey)!;
    const path = documentPathOf(url.pathname);
    const method = (req.method ?? 'GET').toLowerCase();
    const operation = findOperation(loaded, path, method, headers);
    if ('status' in operation) return fail(operation);

    const mediaType = mediaTypeOf(req.headers['content-type']);
    const decoded = read.ok ? decodeBody(read.raw, mediaType) : undefined;
    // Query parameters are named from outside: no prototype, and none repeated (RFC 6749 3.1).
    const query = formFields(url.searchParams);
    // Every finding is made; the first decides the answer (its rule is the code, its status from
    // the one table in refusal.ts), so the order of the rules is the order of precedence.
    const findings = checkRequest({
      ...loaded,
      generation,
      path,
      method,
      operation: operation.found,
      token,
      mediaType,
      body: decoded?.value,
      unread: !read.ok ? 'too_large' : decoded ? undefined : 'undecodable',
      query,
      avatarHosts: config.avatarHosts,
    });
    const refused = refusalOf(findings, operation.found, generation);
    if (refused) return fail(refused);
    // Nothing found: the body was read and decoded, and the query's fields are usable.
    return {
      kind: 'pass',
      headers,
      request: {
        generation,
        documentKey,
        path,
        method,
        operation: operation.found,
        query: query!,
        bearer,
        token,
        body: decoded!.value,
        headers: req.headers,
      },
    };
  };
}

/**
 * VER-02..05: the dated version a v1 request is served at, its headers set on `headers`
 * (Service-Version, and Deprecation and Sunset for a deprecated one); the refusal otherwise.
 */
function negotiateVersion(
  req: IncomingMessage,
  token: Credential | undefined,
  registry: VersionRegistry,
  config: FrontConfig,
  headers: Record<string, string>,
): string | SpecError {
  const requested = req.headers['service-version'];
  const asked = Array.isArray(requested) ? requested[0] : requested;
  const resolution = resolveVersion(asked, token, registry, config);
  headers['Service-Version'] = resolution.version;
  if (resolution.kind === 'unsupported')
    return { status: 400, body: { supportedVersions: resolution.supported } };
  if (resolution.kind === 'sunset') return { status: 410, code: 'version_sunset' };
  if (resolution.deprecated) {
    headers.Deprecation = 'true';
    if (resolution.deprecated.sunset)
      headers.Sunset = new Date(`${resolution.deprecated.sunset}T00:00:00Z`).toUTCString();
  }
  return resolution.version;
}

/** AUTH-01, AUTH-02, AUTH-09: v0 and v1 need a live credential; the OAuth server needs none. */
function credentialRefusal(
  generation: Generation,
  bearer: string | undefined,
  token: Credential | undefined,
): SpecError | undefined {
  if (generation === 'auth') return undefined;
  if (bearer === undefined) return { status: 401, code: 'not_authed' };
  if (!token) return { status: 401, code: 'invalid_token' };
  if (token.revoked) return { status: 401, code: 'token_revoked' };
  return token.expired ? { status: 401, code: 'invalid_token' } : undefined;
}
