import fc from 'fast-check';
import { type Diagnostic, diagnostic } from '../../diagnostic.js';
import {
  type LoadedDocument,
  loadDocumentsByVersion,
} from '../../validation/documents-by-version.js';
import { listVersions, loadVersionRegistry } from '../../versions.js';
import type { Profile } from '../profile.js';
import type { CheckResult } from '../runner.js';
import { type CaseScope, caseArbitrary } from './case-arbitrary.js';
import { curlLine } from './curl-line.js';
import { watchDeliveries } from './delivery-watch.js';
import { expectedRefusals } from './expected-answer.js';
import { fieldHints } from './field-hints.js';
import { type GenerateTarget, generateTargets } from './generate-target.js';
import type { GeneratedCase } from './generated-case.js';
import { judgeCase } from './judge-case.js';
import { sendCase } from './send-case.js';
import { followSubscription } from './subscription-link.js';

export interface GenerateOptions {
  /** fast-check's seed: the same seed sends the same requests. */
  seed: number;
  /** Generated requests per operation and version (before shrinking). */
  maxExamples: number;
  /** The whole phase's budget, shared by its versions and operations. */
  maxTimeMs: number;
  /** Called as each operation's requests end, for progress. */
  onProgress?: (line: string) => void;
}

/** A generated request that failed, shrunk, with how to send it again. */
export interface GeneratedFailure {
  version: string;
  operation: string;
  seed: number;
  /** fast-check's path to the shrunk case: with the seed it replays the case alone. */
  path: string;
  shrinks: number;
  case: GeneratedCase;
  curl: string;
  findings: Diagnostic[];
}

/** What the phase did for one operation at one version. */
export interface GeneratedRun {
  version: string;
  operation: string;
  cases: number;
  /** How many requests of each kind were sent, shrinking included. */
  kinds: Record<string, number>;
  /** The time budget ran out before `maxExamples` cases were sent. */
  interrupted: boolean;
  failed: boolean;
  durationMs: number;
}

export interface GenerateReport {
  seed: number;
  maxExamples: number;
  maxTimeMs: number;
  runs: GeneratedRun[];
  failures: GeneratedFailure[];
  /** Per version: the deliveries the generated requests set off, and whether any broke its contract. */
  deliveries: Array<{ version: string; received: number; failed: boolean }>;
  /** One result per operation and version, as the checks report theirs. */
  results: CheckResult[];
}

/** The rule a kind of request tests, where it is not the operation's own. */
const KIND_REQUIREMENTS = new Map([
  ['bad-version', ['VER-04']],
  ['no-version', ['VER-02']],
  ['no-credential', ['AUTH-01']],
  ['unknown-credential', ['AUTH-02']],
  ['revoked-credential', ['AUTH-09']],
]);

/** The check id of an operation's generated requests in the results. */
const checkId = (target: GenerateTarget) => `generated ${target.id}`;

/**
 * The generative phase: per version and per operation of it (and once for each v0 operation),
 * requests generated from the bundled document (valid, and breaking one request rule each), sent with the profile's credentials, each
 * answer judged (expected-answer.ts, judge-case.ts); a failing request is shrunk and reported with a
 * `curl` line and the seed. Deterministic for a seed, within `maxTimeMs` as a whole.
 */
export async function runGenerate(
  profile: Profile,
  versions: readonly string[],
  options: GenerateOptions,
): Promise<GenerateReport> {
  const documents = loadDocumentsByVersion();
  const deadline = performance.now() + options.maxTimeMs;
  const planned = versions.map((version) => {
    const loaded = documents.get(version)!;
    return { version, loaded, targets: generateTargets(loaded.document, profile) };
  });
  // v0 is outside the dated scheme (VER-06): its operations get their requests once, after.
  const v0 = documents.get('v0');
  if (v0)
    planned.push({
      version: 'v0',
      loaded: v0,
      targets: generateTargets(v0.document, profile, 'v0'),
    });
  let left = planned.reduce((n, p) => n + p.targets.length, 0);
  const report: GenerateReport = {
    seed: options.seed,
    maxExamples: options.maxExamples,
    maxTimeMs: options.maxTimeMs,
    runs: [],
    failures: [],
    deliveries: [],
    results: [],
  };
  for (const { version, loaded, targets } of planned) {
    const scope: CaseScope = {
      version,
      baseline: loadVersionRegistry().baseline,
      versions: listVersions(),
      profile,
      hints: fieldHints(loaded.document, profile, listVersions()),
    };
    const watch =
      version === 'v0' ? undefined : await watchDeliveries(profile, version, loaded.document);
    const watchBegan = performance.now();
    for (const target of targets) {
      // A share of what is left, up to four times the even share: an operation that needs longer
      // (the first, while validators compile) is not cut short, and the whole stays in budget.
      const remaining = deadline - performance.now();
      const budget = Math.max(1, Math.floor(Math.min(remaining, (4 * remaining) / left)));
      left -= 1;
      const outcome = await exerciseTarget(target, { scope, loaded, documents, options, budget });
      report.runs.push(outcome.run);
      if (outcome.failure) report.failures.push(outcome.failure);
      report.results.push(resultOf(target, outcome.run, outcome.failure));
      options.onProgress?.(progressOf(outcome.run));
    }
    if (!watch) continue;
    const { received, findings } = await watch.close();
    report.deliveries.push({ version, received, failed: findings.length > 0 });
    report.results.push(deliveryResult(version, findings, watchBegan));
  }
  return report;
}

interface Exercise {
  scope: CaseScope;
  loaded: LoadedDocument;
  documents: Map<string, LoadedDocument>;
  options: GenerateOptions;
  budget: number;
}

/** Runs the property "every answer is right" over generated requests to one operation. */
async function exerciseTarget(
  target: GenerateTarget,
  { scope, loaded, documents, options, budget }: Exercise,
): Promise<{ run: GeneratedRun; failure?: GeneratedFailure }> {
  const began = performance.now();
  const { version, profile } = scope;
  const failing = new Map<string, Diagnostic[]>();
  const kinds: Record<string, number> = {};
  const property = fc.asyncProperty(caseArbitrary(target, scope), async (request) => {
    kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
    const found = await exerciseCase(request, target, { scope, loaded, documents });
    if (found.length) failing.set(JSON.stringify(request), found);
    return found.length === 0;
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.maxExamples,
    interruptAfterTimeLimit: budget,
  });
  const run: GeneratedRun = {
    version,
    operation: target.id,
    cases: details.numRuns,
    kinds,
    interrupted: details.interrupted,
    failed: details.counterexample !== null,
    durationMs: Math.round(performance.now() - began),
  };
  if (!details.counterexample) return { run };
  const [request] = details.counterexample;
  return {
    run,
    failure: {
      version,
      operation: target.id,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
      case: request,
      curl: curlLine(profile.baseUrl, request),
      findings: failing.get(JSON.stringify(request)) ?? [],
    },
  };
}

/** Sends one request and judges its answer; what is wrong with it, as diagnostics. */
async function exerciseCase(
  request: GeneratedCase,
  target: GenerateTarget,
  { scope, loaded, documents }: Omit<Exercise, 'options' | 'budget'>,
): Promise<Diagnostic[]> {
  const { version, profile, versions } = scope;
  const rule = checkId(target);
  const named = { version, location: `${request.kind} request` };
  let answer;
  try {
    answer = await sendCase(profile.baseUrl, request);
  } catch (error) {
    const cause = (error as { cause?: unknown } | undefined)?.cause;
    const why = [error, cause]
      .filter((e) => e !== undefined)
      .map((e) => (e instanceof Error ? e.message : String(e)))
      .join(': ');
    return [diagnostic(rule, `no answer: ${why}`, { ...named, requirement: target.requirement })];
  }
  const refusals = expectedRefusals(request, target, loaded, { versions, profile });
  const found = judgeCase(request, answer, refusals, { target, version, documents }).map(
    ({ rule: shapeRule, message, ...details }) =>
      diagnostic(shapeRule ?? rule, message, { ...named, ...details }),
  );
  if (refusals.length === 0)
    for (const { message, requirement } of await followSubscription(request, answer, {
      profile,
      version,
    }))
      found.push(diagnostic(rule, message, { ...named, requirement }));
  return found;
}

/** The operation's generated requests as one check result: its failure names the replay. */
function resultOf(
  target: GenerateTarget,
  run: GeneratedRun,
  failure: GeneratedFailure | undefined,
): CheckResult {
  const check = checkId(target);
  // The rules its kinds of request test, besides the operation's own.
  const tested = Object.keys(run.kinds).flatMap((kind) => KIND_REQUIREMENTS.get(kind) ?? []);
  const found = failure?.findings.map((f) => f.requirement ?? target.requirement) ?? [];
  const requirements = [...new Set([target.requirement, ...tested, ...found])];
  const base = {
    check,
    title: `generated requests to ${target.id}`,
    version: run.version,
    requirements,
    durationMs: run.durationMs,
  };
  if (!failure) return { ...base, status: 'passed', diagnostics: [] };
  const replay = `replay: ${failure.curl} (seed ${failure.seed}, path ${failure.path})`;
  return {
    ...base,
    status: 'failed',
    diagnostics: failure.findings.map((f) => ({
      ...f,
      requirement: f.requirement ?? target.requirement,
      message: `${failure.case.kind} request: ${f.message}; ${replay}`,
    })),
  };
}

/** The deliveries of one version's generated requests as one check result (DLV-12, VER-08). */
function deliveryResult(version: string, findings: Diagnostic[], began: number): CheckResult {
  return {
    check: 'generated deliveries',
    title: 'deliveries of the events the generated requests set off',
    version,
    requirements: ['DLV-12'],
    status: findings.length ? 'failed' : 'passed',
    diagnostics: findings.map((f) => ({
      ...f,
      rule: 'generated deliveries',
      requirement: f.requirement ?? 'DLV-12',
      version,
    })),
    durationMs: Math.round(performance.now() - began),
  };
}

function progressOf(run: GeneratedRun): string {
  const label = run.failed ? 'FAILED' : 'passed';
  const cut = run.interrupted ? ', time budget reached' : '';
  return `${label.padEnd(10)} ${run.version}  generated ${run.operation}: ${run.cases} cases${cut} (${run.durationMs} ms)`;
}
