import { checkRequest } from '../../http/check-request.js';
import { decodeBody, mediaTypeOf } from '../../http/http-io.js';
import { refusalOf } from '../../http/refusal.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import type { Profile } from '../profile.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';

/** An answer the spec allows to a request that breaks a rule: its status and error code. */
export interface Refusal {
  status: number;
  /** The `error` of the body; undefined for VER-04, whose body lists the supported versions. */
  code?: string;
  requirement: string;
  why: string;
}

/**
 * How the spec answers a generated request, rule by rule in the order an implementation judges
 * them (the version, the credential, the method, then the request rules of `checkRequest`): the
 * refusals it may get, any one of them when several rules are broken; none when it must pass.
 */
export function expectedRefusals(
  request: GeneratedCase,
  target: GenerateTarget,
  loaded: LoadedDocument,
  { versions, profile }: { versions: readonly string[]; profile: Profile },
): Refusal[] {
  const asked = request.headers['service-version'];
  if (asked !== undefined && !versions.includes(asked))
    return [{ status: 400, requirement: 'VER-04', why: `Service-Version ${asked} is unsupported` }];
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer === undefined)
    return [{ status: 401, code: 'not_authed', requirement: 'AUTH-01', why: 'no credential' }];
  const credential = profile.credentials.find((c) => c.token === bearer);
  if (!credential)
    return [{ status: 401, code: 'invalid_token', requirement: 'AUTH-02', why: 'unknown token' }];
  if (credential.revoked)
    return [{ status: 401, code: 'token_revoked', requirement: 'AUTH-09', why: 'revoked token' }];
  if (!target.methods.includes(request.method.toLowerCase()))
    return [
      {
        status: 405,
        code: 'method_not_allowed',
        requirement: target.requirement,
        why: `${request.method} is not a method of the path`,
      },
    ];
  return bodyRefusals(request, target, loaded, credential);
}

/** The request rules (scopes, access, body against the document) as the refusals they give. */
function bodyRefusals(
  request: GeneratedCase,
  target: GenerateTarget,
  loaded: LoadedDocument,
  credential: Profile['credentials'][number],
): Refusal[] {
  const mediaType = mediaTypeOf(request.headers['content-type']);
  const decoded = decodeBody(Buffer.from(request.body ?? '', 'utf8'), mediaType);
  const { operation } = target.entry;
  const findings = checkRequest({
    ...loaded,
    generation: target.generation,
    path: target.entry.name,
    method: target.entry.method,
    operation,
    token: { scopes: credential.scopes, access: credential.access },
    mediaType,
    body: decoded?.value,
    ...(decoded ? {} : { unread: 'undecodable' as const }),
    query: {},
    // The implementation's avatar hosts are not in the profile: only the legacy paths count.
    avatarHosts: [],
  });
  return findings.map((finding) => {
    const { status, code } = refusalOf([finding], operation)!;
    return {
      status,
      code,
      requirement: finding.requirement ?? target.requirement,
      why: `${finding.location ?? ''} ${finding.message}`.trim(),
    };
  });
}
