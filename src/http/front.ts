import type { IncomingMessage } from 'node:http';
import type { HttpAnswer } from '../http-answer.js';
import { HTTP_METHODS } from '../openapi/operations.js';
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

/**
 * The rules of the spec every implementation applies before it answers, shared by the mock and the
 * reference server: routing by generation, the version (VER-02..05) and its headers, credentials
 * (AUTH-01, AUTH-02, AUTH-09), the operation (404, 405), scopes and access (AUTH-11, AUTH-13,
 * SUB-06, SUB-08), and the body against the document into the spec's error codes.
 */
export function createFront(
  config: FrontConfig,
  registry: VersionRegistry,
  documents: Map<string, LoadedDocument>,
  resolveToken: TokenResolver = (bearer) => ownEntry(config.tokens, bearer),
) {
  return async (req: IncomingMessage): Promise<FrontResult> => {
    // The body is read (bounded) before anything is judged: an answer sent while the client is
    // still uploading ends in a reset connection, and the client never sees it.
    const read = await readBody(req);
    const url = requestTarget(req.url);
    if (!url)
      return { kind: 'answer', status: 400, headers: {}, body: { error: 'invalid_request' } };
    const generation = generationOf(url.pathname);
    const path = documentPathOf(url.pathname);
    const headers: Record<string, string> = {};
    const fail = (error: SpecError): FrontResult => ({
      kind: 'answer',
      status: error.status,
      headers,
      body: errorBody(generation, error),
    });

    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : await resolveToken(bearer);
    let version = '';
    if (generation === 'v1') {
      const requested = req.headers['service-version'];
      const resolution = resolveVersion(
        Array.isArray(requested) ? requested[0] : requested,
        token,
        registry,
        config,
      );
      headers['Service-Version'] = resolution.version;
      if (resolution.kind === 'unsupported')
        return fail({ status: 400, body: { supportedVersions: resolution.supported } });
      if (resolution.kind === 'sunset') return fail({ status: 410, code: 'version_sunset' });
      if (resolution.deprecated) {
        headers.Deprecation = 'true';
        if (resolution.deprecated.sunset)
          headers.Sunset = new Date(`${resolution.deprecated.sunset}T00:00:00Z`).toUTCString();
      }
      version = resolution.version;
    }
    const documentKey = documentKeyOf(url.pathname, version);
    const loaded = documents.get(documentKey)!;
    if (generation !== 'auth') {
      if (bearer === undefined) return fail({ status: 401, code: 'not_authed' });
      if (!token) return fail({ status: 401, code: 'invalid_token' });
      if (token.revoked) return fail({ status: 401, code: 'token_revoked' });
      if (token.expired) return fail({ status: 401, code: 'invalid_token' });
    }

    // The path is the request's: only the document's own paths are found.
    const item = ownEntry(
      (loaded.document.paths ?? {}) as Record<string, Record<string, any>>,
      path,
    );
    if (!item) return fail({ status: 404, code: 'unknown_method' });
    const method = (req.method ?? 'GET').toLowerCase();
    const operation = HTTP_METHODS.includes(method as never) ? item[method] : undefined;
    if (!operation) {
      headers.Allow = HTTP_METHODS.filter((m) => item[m])
        .join(', ')
        .toUpperCase();
      return fail({ status: 405, code: 'method_not_allowed' });
    }

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
      operation,
      token,
      mediaType,
      body: decoded?.value,
      unread: !read.ok ? 'too_large' : decoded ? undefined : 'undecodable',
      query,
      avatarHosts: config.avatarHosts,
    });
    const refused = refusalOf(findings, operation);
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
        operation,
        query: query!,
        bearer,
        token,
        body: decoded!.value,
        headers: req.headers,
      },
    };
  };
}
