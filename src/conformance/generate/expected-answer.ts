import type { LoadedDocument } from '../../validation/documents-by-version.js';
import type { Profile } from '../profile/profile.js';
import { ANSWER_RULES, type Allowed, OPEN, type RuleId, requirementOf } from './answer-rules.js';
import { bodyJudgement } from './body-rules.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';

/** A rule a generated request breaks, and the answers the specification allows for it. */
export interface Broken {
  rule: RuleId;
  requirement: string;
  why: string;
  allowed: Allowed;
}

/**
 * What the specification says of a generated request: the rules it breaks (any of their answers is
 * right: no order among refusals is stated) and why its validity is open where the specification
 * leaves it so (then any answer but a server error is right for that part). Neither: it is valid.
 */
export interface Expectation {
  broken: Broken[];
  open: string[];
}

export interface ExpectationScope {
  loaded: LoadedDocument;
  profile: Profile;
  /** Every dated version the registry knows: another `Service-Version` is unsupported. */
  versions: readonly string[];
  /** The event names of the target's document. */
  events: readonly string[];
}

type Found = Array<{ rule: RuleId; why: string }>;

/**
 * The rules `request` breaks and its open values, judged from the request alone: its version,
 * its credential, its method, the credential's scopes and access, then its body. Every rule is
 * judged, not only the first, so that an implementation may refuse in any order.
 */
export function expectationOf(
  request: GeneratedCase,
  target: GenerateTarget,
  scope: ExpectationScope,
): Expectation {
  const found: Found = [];
  const open: string[] = [];
  const asked = request.headers['service-version'];
  if (asked !== undefined && !scope.versions.includes(asked))
    found.push({ rule: 'unsupported-version', why: `Service-Version ${asked} is unsupported` });
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const credential = scope.profile.credentials.find((c) => c.token === bearer);
  found.push(...credentialBreaks(bearer, credential));
  if (!target.methods.includes(request.method.toLowerCase()))
    found.push({ rule: 'other-method', why: `${request.method} is not a method of the path` });
  else {
    if (credential && !credential.revoked) found.push(...accessBreaks(target, credential));
    const body = bodyJudgement(request, target, { ...scope, credential });
    found.push(...body.broken);
    open.push(...body.open);
  }
  const broken: Broken[] = [];
  for (const { rule, why } of found) {
    const allowed = ANSWER_RULES.get(rule)!.answer(target);
    if (allowed === OPEN) open.push(`${why}, whose answer the specification leaves open`);
    else broken.push({ rule, requirement: requirementOf(rule, target), why, allowed });
  }
  return { broken, open };
}

/** AUTH-01, AUTH-02, AUTH-09: none, an unknown or a revoked credential. */
function credentialBreaks(
  bearer: string | undefined,
  credential: Profile['credentials'][number] | undefined,
): Found {
  if (bearer === undefined) return [{ rule: 'no-credential', why: 'no credential' }];
  if (!credential) return [{ rule: 'unknown-credential', why: 'an unknown token' }];
  return credential.revoked ? [{ rule: 'revoked-credential', why: 'a revoked token' }] : [];
}

/**
 * AUTH-13: the credential holds the scopes of one of the operation's security requirements;
 * SUB-06, AUTH-11: its access model is one the operation allows (where the document names them).
 */
function accessBreaks(target: GenerateTarget, credential: Profile['credentials'][number]): Found {
  const { operation } = target.entry;
  const found: Found = [];
  const requirements = (operation.security ?? []) as Array<Record<string, string[]>>;
  const scoped =
    requirements.length === 0 ||
    requirements.some((r) =>
      Object.values(r).every((scopes) => scopes.every((s) => credential.scopes.includes(s))),
    );
  if (!scoped) {
    const needed = requirements.map((r) => Object.values(r).flat().join(' and ')).join(', or ');
    found.push({ rule: 'missing-scope', why: `the credential lacks ${needed}` });
  }
  const access = operation['x-access'] as string[] | undefined;
  if (access ? !access.includes(credential.access) : credential.access !== 'organization')
    found.push({
      rule: 'access-model',
      why: access
        ? `a ${credential.access} credential, where the operation is for ${access.join(' or ')} ones`
        : `a ${credential.access} credential, where the operation names no access model`,
    });
  return found;
}
