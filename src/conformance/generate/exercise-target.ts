import fc from 'fast-check';
import { type Diagnostic, diagnostic } from '../../diagnostic.js';
import { redactDiagnostic } from '../../redact.js';
import { groupBy } from '../../group-by.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import { caseArbitrary } from './case-arbitrary.js';
import type { CaseScope } from './case-builder.js';
import { curlLine } from '../transport/curl-line.js';
import { bearerOf, credentialName } from '../transport/credential-name.js';
import { hideCredentials } from './hide-credentials.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';
import { judgeCase } from './judge-case.js';
import { couldNotFinish } from '../transport/could-not-finish.js';
import { sendCase } from './send-case.js';
import { followSubscription } from './subscription-link.js';

/** A finding about one generated request, and what it is without the request's own values. */
export type CaseFinding = Diagnostic & { signature: string };

/** One distinct way the generated requests to an operation failed, shrunk, and how to replay it. */
export interface GeneratedFailure {
  version: string;
  operation: string;
  /** What failed, without ids: every failing case of the operation with it is one failure. */
  signature: string;
  /** `warning` where it rests only on a reading the profile does not opt into. */
  severity: 'error' | 'warning';
  /** How many of the operation's cases failed this way, and the place of the first in the run. */
  occurrences: number;
  firstCase: number;
  seed: number;
  /** fast-check's path to the case: with the seed it replays it alone (`fc.check`'s `path`). */
  path: string;
  shrinks: number;
  /** False when the first case that failed this way did not fail so again when replayed. */
  reproduced: boolean;
  case: GeneratedCase;
  curl: string;
  /** What `$TOKEN` in `case` and `curl` stands for, where the case sent one of the profile's. */
  credential?: string;
  findings: Diagnostic[];
}

/** What the phase did for one operation at one version. */
export interface GeneratedRun {
  version: string;
  operation: string;
  cases: number;
  /** How many requests of each kind were sent (shrinking not counted). */
  kinds: Record<string, number>;
  /** The time budget ran out before `maxExamples` cases were sent. */
  interrupted: boolean;
  failed: boolean;
  /** How many distinct failures, and warnings, were found (each reported once, shrunk). */
  distinctFailures: number;
  distinctWarnings: number;
  durationMs: number;
}

export interface Exercise {
  scope: CaseScope;
  loaded: LoadedDocument;
  documents: ReadonlyMap<string, LoadedDocument>;
  seed: number;
  maxExamples: number;
  /** The operation's share of the phase's time: its cases first, then shrinking. */
  budget: number;
}

/** The share of an operation's budget its cases may take before shrinking gets the rest. */
const CASES_SHARE = 0.75;
/** Below this, a failure is reported as first sent rather than shrunk. */
const MIN_SHRINK_MS = 100;

/** The first case that failed a way, and how many did. */
interface Group {
  index: number;
  occurrences: number;
  request: GeneratedCase;
  findings: CaseFinding[];
}

/**
 * Sends every generated request of the operation's budget and judges each answer, so that one
 * systematic disagreement cannot hide the rest; groups the failures by what they are (their
 * signature); then shrinks one case of each group, replaying the seed from the case's place in the
 * sequence with a property that fails only that way.
 */
export async function exerciseTarget(
  target: GenerateTarget,
  exercise: Exercise,
): Promise<{ run: GeneratedRun; failures: GeneratedFailure[] }> {
  const began = performance.now();
  const arbitrary = caseArbitrary(target, exercise.scope);
  const kinds: Record<string, number> = {};
  const groups = new Map<string, Group>();
  let index = 0;
  const everyCase = fc.asyncProperty(arbitrary, async (request) => {
    const at = index++;
    kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
    // A case counts once for each way it failed.
    for (const [signature, findings] of groupBy(
      await exerciseCase(request, target, exercise),
      (finding) => finding.signature,
    )) {
      const group = groups.get(signature);
      if (group) group.occurrences += 1;
      else groups.set(signature, { index: at, occurrences: 1, request, findings });
    }
    return true;
  });
  const details = await fc.check(everyCase, {
    seed: exercise.seed,
    numRuns: exercise.maxExamples,
    interruptAfterTimeLimit: Math.max(1, Math.floor(exercise.budget * CASES_SHARE)),
  });
  const failures: GeneratedFailure[] = [];
  let left = groups.size;
  for (const [signature, group] of groups) {
    const remaining = exercise.budget - (performance.now() - began);
    const share = Math.floor(remaining / left--);
    failures.push(await shrink(target, exercise, arbitrary, signature, group, share));
  }
  const run: GeneratedRun = {
    version: exercise.scope.version,
    operation: target.id,
    cases: details.numRuns,
    kinds,
    interrupted: details.interrupted,
    failed: failures.some((f) => f.severity === 'error'),
    distinctFailures: failures.filter((f) => f.severity === 'error').length,
    distinctWarnings: failures.filter((f) => f.severity === 'warning').length,
    durationMs: Math.round(performance.now() - began),
  };
  return { run, failures };
}

/** The first case of a group shrunk, within `share` ms, by a property that fails only its way. */
async function shrink(
  target: GenerateTarget,
  exercise: Exercise,
  arbitrary: fc.Arbitrary<GeneratedCase>,
  signature: string,
  group: Group,
  share: number,
): Promise<GeneratedFailure> {
  const { version, profile } = exercise.scope;
  const found = new Map<string, CaseFinding[]>();
  const failsSo = fc.asyncProperty(arbitrary, async (request) => {
    const same = (await exerciseCase(request, target, exercise)).filter(
      (f) => f.signature === signature,
    );
    if (same.length) found.set(JSON.stringify(request), same);
    return same.length === 0;
  });
  const details =
    share < MIN_SHRINK_MS
      ? undefined
      : await fc.check(failsSo, {
          seed: exercise.seed,
          path: String(group.index),
          numRuns: 1,
          interruptAfterTimeLimit: share,
        });
  const [shrunk] = details?.counterexample ?? [];
  const request = shrunk ?? group.request;
  const shown = hideCredentials(
    request,
    profile.credentials.map((c) => c.token),
  );
  // The signature is the failure's; each finding is a plain diagnostic, without credentials.
  const findings = ((shrunk ? found.get(JSON.stringify(shrunk)) : undefined) ?? group.findings).map(
    ({ signature: _, ...finding }) => redactDiagnostic(finding),
  );
  return {
    version,
    operation: target.id,
    signature,
    severity: findings.some((f) => f.severity === 'error') ? 'error' : 'warning',
    occurrences: group.occurrences,
    firstCase: group.index,
    seed: exercise.seed,
    path: (shrunk && details?.counterexamplePath) || String(group.index),
    shrinks: shrunk ? details!.numShrinks : 0,
    reproduced: details === undefined || shrunk !== undefined,
    case: shown,
    curl: curlLine(shown, profile.baseUrl),
    ...credentialOf(profile, request, shown),
    findings,
  };
}

/** The check id of an operation's generated requests in the results. */
export const checkId = (target: GenerateTarget) => `generated ${target.id}`;

/**
 * Sends one request and judges its answer (expected-answer.ts, judge-case.ts); a subscribe that
 * breaks no rule is followed (subscription-link.ts). What is wrong, as diagnostics that show the
 * request and the answer.
 */
async function exerciseCase(
  request: GeneratedCase,
  target: GenerateTarget,
  { scope, documents }: Exercise,
): Promise<CaseFinding[]> {
  const { version, profile } = scope;
  const rule = checkId(target);
  const named = { version, location: `${request.kind} request` };
  let answer;
  try {
    answer = await sendCase(profile.baseUrl, request);
  } catch (error) {
    return [
      {
        ...diagnostic(rule, `no answer: ${couldNotFinish(error)}`, {
          ...named,
          requirement: target.requirement,
        }),
        signature: 'no answer',
      },
    ];
  }
  const exchange = {
    request: {
      method: request.method,
      path: request.path,
      ...(request.body === undefined ? {} : { body: request.body }),
    },
    answer: { status: answer.status, ...(answer.body === undefined ? {} : { body: answer.body }) },
  };
  const expectation = scope.expectation(request, target);
  const found: CaseFinding[] = judgeCase(request, answer, expectation, {
    target,
    version,
    documents,
    profile,
  }).map(({ rule: shapeRule, message, signature, ...details }) => ({
    ...diagnostic(shapeRule ?? rule, message, { ...named, ...details, exchange }),
    signature,
  }));
  if (expectation.broken.length === 0)
    for (const { message, requirement, signature } of await followSubscription(request, answer, {
      profile,
      version,
    }))
      found.push({
        ...diagnostic(rule, message, { ...named, requirement, exchange }),
        signature: `link ${signature}`,
      });
  return found;
}

/** What the `$TOKEN` a shown case carries stands for; nothing where it carries none. */
function credentialOf(
  profile: CaseScope['profile'],
  request: GeneratedCase,
  shown: GeneratedCase,
): { credential?: string } {
  if (!shown.headers.authorization?.includes('$TOKEN')) return {};
  const credential = credentialName(profile, bearerOf(request.headers.authorization));
  return credential ? { credential } : {};
}
