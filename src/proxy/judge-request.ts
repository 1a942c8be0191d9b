import type { IncomingMessage } from 'node:http';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import { checkRequest } from '../http/check-request.js';
import { findOperation } from '../http/find-operation.js';
import { decodeBody, formFields, mediaTypeOf } from '../http/http-io.js';
import { refusalOf } from '../http/refusal.js';
import { resolveVersion } from '../http/resolve-version.js';
import { type SpecError, errorBody } from '../http/spec-error.js';
import {
  type Generation,
  documentKeyOf,
  documentPathOf,
  generationOf,
} from '../validation/document-key.js';
import type { LoadedDocument } from '../validation/documents-by-version.js';
import type { VersionRegistry } from '../versions.js';
import { parameterFindings } from './parameter-findings.js';

/** What the request rules need: the versions, their documents, the hosts of hosted avatars. */
export interface RequestRules {
  registry: VersionRegistry;
  documents: ReadonlyMap<string, LoadedDocument>;
  avatarHosts: string[];
}

/** The spec's answer to a request it refuses: status, headers and the generation's error body. */
export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface RequestJudgement {
  /** Every rule the request breaks; the first decides the refusal, as on the mock. */
  findings: Diagnostic[];
  /** The answer the spec gives the request, when it breaks a rule. */
  refusal?: Refusal;
  /** The dated version a v1 request resolves to (VER-02), which also judges its answer. */
  version?: string;
}

/** A finding and the answer it gets when it comes first. */
type Finding = { found: Diagnostic; error: SpecError };

// The proxy knows no version overrides: the registry's own statuses apply (VER-05).
const NO_OVERRIDES = { tokens: {}, versions: {}, avatarHosts: [] };

/**
 * Every rule a request breaks before the implementation sees it, in the mock's order of precedence:
 * the version (VER-02..05), the presence of a credential (AUTH-01; its validity is the
 * implementation's to know), the operation (404, 405), then the body, the query and the headers
 * against the document, the `x-` rules included (EPH-03's byte limit, VER-12's hosted avatar).
 * Never throws.
 */
export function judgeRequest(
  rules: RequestRules,
  req: IncomingMessage,
  url: URL,
  raw: Buffer,
): RequestJudgement {
  const generation = generationOf(url.pathname);
  const headers: Record<string, string> = {};
  const early: Finding[] = [];
  const version =
    generation === 'v1' ? negotiate(rules, req, headers, early.push.bind(early)) : undefined;
  const credential = credentialFinding(generation, req.headers.authorization);
  if (credential) early.push(credential);
  const loaded = rules.documents.get(documentKeyOf(url.pathname, version ?? ''));
  const path = documentPathOf(url.pathname);
  const method = (req.method ?? 'GET').toLowerCase();
  const operation = loaded && operationOf(loaded, path, method, headers);
  if (!loaded || !operation || 'error' in operation) {
    const all = operation && 'error' in operation ? [...early, operation] : early;
    return judgement(generation, headers, all, [], {}, version);
  }
  const mediaType = mediaTypeOf(req.headers['content-type']);
  const decoded = decodeBody(raw, mediaType);
  const query = formFields(url.searchParams);
  const context = { ...loaded, generation, path, method, operation: operation.found };
  const later = [
    ...checkRequest({
      ...context,
      mediaType,
      body: decoded?.value,
      unread: decoded ? undefined : 'undecodable',
      query,
      avatarHosts: rules.avatarHosts,
    }),
    ...parameterFindings(context, query, req.headers),
  ];
  return judgement(generation, headers, early, later, operation.found, version);
}

/** The findings, and the refusal the first of them gets. */
function judgement(
  generation: Generation,
  headers: Record<string, string>,
  early: Finding[],
  later: Diagnostic[],
  operation: Record<string, any>,
  version: string | undefined,
): RequestJudgement {
  const findings = [...early.map((f) => f.found), ...later];
  const error = early[0]?.error ?? refusalOf(later, operation, generation);
  if (!error) return { findings, version };
  const refusal = { status: error.status, headers, body: errorBody(generation, error) };
  return { findings, refusal, version };
}

/** VER-02..05: the version the request resolves to; an unsupported or sunset one is a finding. */
function negotiate(
  rules: RequestRules,
  req: IncomingMessage,
  headers: Record<string, string>,
  report: (finding: Finding) => void,
): string {
  const requested = req.headers['service-version'];
  const asked = Array.isArray(requested) ? requested[0] : requested;
  const resolution = resolveVersion(asked, undefined, rules.registry, NO_OVERRIDES);
  headers['Service-Version'] = resolution.version;
  const location = 'header Service-Version';
  if (resolution.kind === 'unsupported')
    report({
      found: diagnostic('unsupported_version', `the version "${asked}" is not supported`, {
        requirement: 'VER-04',
        location,
      }),
      error: { status: 400, body: { supportedVersions: resolution.supported } },
    });
  if (resolution.kind === 'sunset')
    report({
      found: diagnostic('version_sunset', `the version ${asked} is sunset`, {
        requirement: 'VER-05',
        location,
      }),
      error: { status: 410, code: 'version_sunset' },
    });
  return resolution.version;
}

/** AUTH-01: v0 and v1 calls carry `Authorization: Bearer <token>`; the OAuth server's need none. */
function credentialFinding(
  generation: Generation,
  authorization: string | undefined,
): Finding | undefined {
  if (generation === 'auth' || /^Bearer .+$/i.test(authorization ?? '')) return undefined;
  return {
    found: diagnostic('not_authed', 'the request has no `Authorization: Bearer` credential', {
      requirement: 'AUTH-01',
      location: 'header Authorization',
    }),
    error: { status: 401, code: 'not_authed' },
  };
}

/** The operation, or the finding a path the document lacks (404) or a method it refuses (405) is. */
function operationOf(
  loaded: LoadedDocument,
  path: string,
  method: string,
  headers: Record<string, string>,
): { found: Record<string, any> } | Finding {
  const operation = findOperation(loaded, path, method, headers);
  if ('found' in operation) return operation;
  const message =
    operation.status === 404
      ? `the document has no path ${path}`
      : `${path} does not take ${method.toUpperCase()}`;
  return {
    found: diagnostic(operation.code!, message, { location: 'request' }),
    error: operation,
  };
}
