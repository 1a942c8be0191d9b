import { errorCode } from '../../client/error-code.js';
import type { Diagnostic } from '../../diagnostic.js';
import type { HttpAnswer } from '../../http-answer.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import { judgeAnswer } from '../../validation/judge-answer.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import type { Profile } from '../profile/profile.js';
import { ANY_REFUSAL, type Allowed, describeAllowed, statusMeets } from './answer-rules.js';
import type { Broken, Expectation } from './expected-answer.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';

/** Statuses only the request rules give: a request that breaks none must not get them. */
const RULE_STATUSES = new Set([401, 405, 413, 415]);
/** How deep in an answer's body VER-04's list of versions is looked for. */
const LIST_DEPTH = 3;

export type Finding = Pick<Diagnostic, 'message'> &
  Partial<
    Pick<Diagnostic, 'requirement' | 'rule' | 'location' | 'expected' | 'actual' | 'reading'>
  > & {
    severity?: Diagnostic['severity'];
    /**
     * What was found, without the request's own values (ids, generated strings): the failing cases
     * of an operation are grouped by it, and one of each group is shrunk and reported.
     */
    signature: string;
  };

export interface JudgeContext {
  target: GenerateTarget;
  version: string;
  documents: ReadonlyMap<string, LoadedDocument>;
  profile: Profile;
}

/**
 * What is wrong with the answer to one generated request: a server error; any way it differs from
 * the document; a request that breaks rules not answered as any of them allows (VER-04's list of
 * versions, or a broken rule's status and code), or as any refusal where part of it is open; a
 * request that breaks no rule refused by a rule's status, or an example of the document refused as
 * invalid. An open request is judged only for server errors and its shape.
 */
export function judgeCase(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  expectation: Expectation,
  context: JudgeContext,
): Finding[] {
  const { target } = context;
  const findings: Finding[] = [];
  if (answer.status >= 500)
    findings.push({
      message: `a server error (${answer.status}) to a ${request.kind} request`,
      requirement: target.requirement,
      actual: answer.body,
      signature: `server error ${answer.status} to ${request.kind}`,
    });
  findings.push(...shapeFindings(request, answer, context));
  findings.push(...versionFindings(request, answer, context));
  if (expectation.broken.length) findings.push(...refusalFindings(answer, expectation, context));
  else if (expectation.open.length === 0) findings.push(...passFindings(request, answer, target));
  return findings;
}

/**
 * Every way the answer differs from the document; an answer to a method the path lacks is beyond
 * what the document describes, whatever its status.
 */
function shapeFindings(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  { target, version, documents }: JudgeContext,
): Finding[] {
  const judged = {
    path: request.path,
    method: request.method,
    status: answer.status,
    headers: answer.headers ?? {},
    body: answer.body,
  };
  const otherMethod = !target.methods.includes(request.method.toLowerCase());
  return judgeAnswer(documents, judged, version)
    .filter((d) => !(otherMethod && d.rule === 'undocumented_operation'))
    .map((shape) => ({
      ...shape,
      requirement: target.requirement,
      signature: `shape ${shape.rule} ${(shape.location ?? '').replace(/\/\d+(?=\/|$)/g, '/#')} ${answer.status}`,
    }));
}

/** The request breaks rules: its answer must be one of theirs (or any refusal, where it is open). */
function refusalFindings(
  answer: HttpAnswer<any>,
  { broken, open }: Expectation,
  { version, profile }: JudgeContext,
): Finding[] {
  const alternatives: Allowed[] = [
    ...broken.map((b) => b.allowed),
    ...(open.length ? [ANY_REFUSAL] : []),
  ];
  const code = errorCode(answer.body);
  const got = `${answer.status}${code === undefined ? '' : ` ${code}`}`;
  const breaks = broken.map((b) => `${b.why} (${b.requirement})`).join(' and ');
  const rules = [...new Set(broken.map((b) => b.rule))].sort().join('+');
  const met = alternatives.filter((allowed) => meets(answer, allowed, version));
  if (met.length) return readingFindings(met, { code, got, breaks, rules }, profile, broken);
  const expected = [...new Set(alternatives.map(describeAllowed))];
  const carries = open.length ? `; it also carries ${open.join('; ')}` : '';
  return [
    {
      message: `the request breaks a rule: ${breaks}${carries}; expected ${expected.join(' or ')}, got ${got}`,
      requirement: nearest(broken, answer).requirement,
      expected,
      actual: { status: answer.status, ...(code === undefined ? {} : { error: code }) },
      signature: `refusal ${rules}${open.length ? '+open' : ''} got ${got}`,
    },
  ];
}

/**
 * The answer is one the specification allows; where each allowed answer it meets narrows its code
 * by a reading (AUTH-02.code-by-cause: none sent is `not_authed`) the answer's code is not, that
 * is a warning, or a failure where the profile opts into the reading.
 */
function readingFindings(
  met: readonly Allowed[],
  seen: { code: string | undefined; got: string; breaks: string; rules: string },
  profile: Profile,
  broken: readonly Broken[],
): Finding[] {
  // One it meets without a reading, or whose reading the code meets too: nothing to say.
  if (met.some((a) => !a.reading || a.reading.codes.includes(seen.code ?? ''))) return [];
  const { id, codes } = met[0]!.reading!;
  const requirement = broken.find((b) => b.allowed.reading?.id === id)?.requirement;
  return [
    {
      message: `the request breaks a rule: ${seen.breaks}; the status is right, but the code is ${seen.code ?? 'missing'}, not ${codes.join(' or ')}`,
      ...(requirement ? { requirement } : {}),
      expected: codes,
      actual: seen.code,
      reading: id,
      severity: profile.readings?.includes(id) ? 'error' : 'warning',
      signature: `reading ${id} ${seen.rules} got ${seen.got}`,
    },
  ];
}

/**
 * The broken rule an answer comes nearest to, whose requirement a disagreement is reported under:
 * the one whose code it carries, else whose status it has, else the first.
 */
function nearest(broken: readonly Broken[], answer: HttpAnswer<any>): Broken {
  const code = errorCode(answer.body);
  return (
    broken.find((b) => code !== undefined && b.allowed.codes?.includes(code)) ??
    broken.find((b) => statusMeets(b.allowed, answer.status)) ??
    broken[0]!
  );
}

/** Whether the answer is one `allowed` describes. */
function meets(answer: HttpAnswer<any>, allowed: Allowed, version: string): boolean {
  if (!statusMeets(allowed, answer.status)) return false;
  if (allowed.codes && !allowed.codes.includes(errorCode(answer.body) ?? '')) return false;
  return !allowed.listsVersions || listsVersion(answer.body, version, LIST_DEPTH);
}

function passFindings(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  target: GenerateTarget,
): Finding[] {
  const code = errorCode(answer.body);
  if (RULE_STATUSES.has(answer.status))
    return [
      {
        message:
          `a request that breaks no request rule was refused with ${answer.status} ${code ?? ''}`.trim(),
        requirement: target.requirement,
        actual: { status: answer.status, body: answer.body },
        signature: `valid refused ${answer.status} ${code ?? '-'}`,
      },
    ];
  if (
    request.kind === 'example' &&
    !namesResource(request) &&
    answer.status >= 400 &&
    code === 'invalid_parameter'
  )
    return [
      {
        message: `an example of the document was refused as invalid (${answer.status} invalid_parameter)`,
        requirement: target.requirement,
        actual: { status: answer.status, body: answer.body },
        signature: `example refused ${answer.status}`,
      },
    ];
  return [];
}

/**
 * VER-02: a request without `Service-Version` is served at its credential's pin, the version under
 * test. VER-05: a version the profile's own lifecycle keeps supported is not answered as deprecated.
 */
function versionFindings(
  request: GeneratedCase,
  answer: HttpAnswer<any>,
  { version, profile }: JudgeContext,
): Finding[] {
  const findings: Finding[] = [];
  const named = answer.headers?.['service-version'];
  if (request.kind === 'no-version' && named !== version)
    findings.push({
      message: `a request without Service-Version, with a credential pinned to ${version}, was answered at ${named ?? '(no Service-Version)'}`,
      requirement: 'VER-02',
      expected: version,
      actual: named,
      signature: `pin not applied: answered at ${named ?? '-'}`,
    });
  const deprecation = answer.headers?.deprecation;
  if (named && deprecation !== undefined && lifecycleOf(profile, named) === 'supported')
    findings.push({
      message: `${named} is supported (the profile's lifecycle), yet the answer says Deprecation: ${deprecation}`,
      requirement: 'VER-05',
      actual: deprecation,
      signature: `deprecation on supported ${named}`,
    });
  return findings;
}

/** VER-04: the body lists the supported versions, under whatever field: a list naming `version`. */
function listsVersion(body: unknown, version: string, depth: number): boolean {
  if (Array.isArray(body)) return body.includes(version);
  if (body === null || typeof body !== 'object' || depth === 0) return false;
  return Object.values(body).some((value) => listsVersion(value, version, depth - 1));
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
