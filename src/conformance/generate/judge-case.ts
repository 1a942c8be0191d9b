import type { Diagnostic } from '../../diagnostic.js';
import type { HttpAnswer } from '../../http-answer.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import { judgeAnswer } from '../../validation/judge-answer.js';
import { loadVersionRegistry } from '../../versions.js';
import type { Refusal } from './expected-answer.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';

/** Statuses only the request rules give: a request that breaks none must not get them. */
const RULE_STATUSES = new Set([401, 405, 413, 415]);

type Finding = Pick<Diagnostic, 'message' | 'requirement'> &
  Partial<Pick<Diagnostic, 'rule' | 'location' | 'expected' | 'actual'>>;

/**
 * What is wrong with the answer to one generated request: a server error; any way it differs from
 * the document; a refused request not refused with one of the spec's answers (VER-04's list of
 * versions, or the status and code of a broken rule); a request that breaks no rule refused by a
 * rule's status, or an example of the document not answered with success.
 */
export function judgeCase(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  refusals: readonly Refusal[],
  context: { target: GenerateTarget; version: string; documents: Map<string, LoadedDocument> },
): Finding[] {
  const { target, version, documents } = context;
  const findings: Finding[] = [];
  if (answer.status >= 500)
    findings.push({
      message: `a server error (${answer.status}) to a ${request.kind} request`,
      requirement: target.requirement,
      actual: answer.body,
    });
  const judged = {
    path: request.path,
    method: request.method,
    status: answer.status,
    headers: answer.headers ?? {},
    body: answer.body,
  };
  for (const shape of judgeAnswer(documents, judged, version))
    findings.push({ ...shape, requirement: target.requirement });
  findings.push(...versionFindings(request, answer, version));
  if (refusals.length) findings.push(...refusalFindings(answer, refusals, version));
  else findings.push(...passFindings(request, answer, target));
  return findings;
}

function refusalFindings(
  answer: HttpAnswer<any>,
  refusals: readonly Refusal[],
  version: string,
): Finding[] {
  // v1 names the code in `error`, v0 in `code`.
  const code = answer.body?.error ?? answer.body?.code;
  const met = refusals.some((r) =>
    r.code === undefined
      ? answer.status === r.status && listsVersion(answer.body, version)
      : answer.status === r.status && code === r.code,
  );
  if (met) return [];
  const [first] = refusals;
  const wanted = refusals.map((r) => `${r.status} ${r.code ?? 'listing the supported versions'}`);
  return [
    {
      message: `the request breaks a rule (${first!.why}): expected ${[...new Set(wanted)].join(' or ')}, got ${answer.status}${code === undefined ? '' : ` ${code}`}`,
      requirement: first!.requirement,
      expected: [...new Set(wanted)],
      actual: { status: answer.status, body: answer.body },
    },
  ];
}

function passFindings(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  target: GenerateTarget,
): Finding[] {
  if (RULE_STATUSES.has(answer.status))
    return [
      {
        message:
          `a request that breaks no request rule was refused with ${answer.status} ${answer.body?.error ?? ''}`.trim(),
        requirement: target.requirement,
        actual: { status: answer.status, body: answer.body },
      },
    ];
  if (
    request.kind === 'example' &&
    !namesResource(request) &&
    answer.status >= 400 &&
    answer.body?.error === 'invalid_parameter'
  )
    return [
      {
        message: `an example of the document was refused as invalid (${answer.status} invalid_parameter)`,
        requirement: target.requirement,
        actual: { status: answer.status, body: answer.body },
      },
    ];
  return [];
}

/**
 * VER-02: a request without `Service-Version` is served at its credential's pin, the version under
 * test. VER-05: a version the registry lists as supported is not answered as deprecated.
 */
function versionFindings(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  version: string,
): Finding[] {
  const findings: Finding[] = [];
  const named = answer.headers?.['service-version'];
  if (request.kind === 'no-version' && named !== version)
    findings.push({
      message: `a request without Service-Version, with a credential pinned to ${version}, was answered at ${named ?? '(no Service-Version)'}`,
      requirement: 'VER-02',
      expected: version,
      actual: named,
    });
  const entry = loadVersionRegistry().versions.find((v) => v.version === named);
  if (entry?.status === 'supported' && answer.headers?.deprecation !== undefined)
    findings.push({
      message: `${named} is supported, yet the answer says Deprecation: ${answer.headers.deprecation}`,
      requirement: 'VER-05',
      actual: answer.headers.deprecation,
    });
  return findings;
}

/** VER-04: the body lists the supported versions. */
function listsVersion(body: unknown, version: string): boolean {
  const listed = (body as { supportedVersions?: unknown } | undefined)?.supportedVersions;
  return Array.isArray(listed) && listed.includes(version);
}

/**
 * An example body that names a resource by `id` (v1 unsubscribe's `sub_dyn_7`) names the document
 * author's data, not the server's: an unknown id may be refused like any generated one. The
 * subscribe link (subscription-link.ts) unsubscribes an id the server gave.
 */
function namesResource(request: GeneratedCase): boolean {
  if (request.body === undefined) return false;
  try {
    const body: unknown = JSON.parse(request.body);
    return typeof body === 'object' && body !== null && Object.hasOwn(body, 'id');
  } catch {
    return false;
  }
}
