import {
  type LoadedDocument,
  loadDocumentsByVersion,
} from '../../validation/documents-by-version.js';
import { listVersions, loadVersionRegistry } from '../../versions.js';
import type { Callback } from '../callback.js';
import { lifecycleOf } from '../profile-facts.js';
import type { Profile } from '../profile.js';
import type { CheckResult } from '../runner.js';
import type { CaseScope } from './case-builder.js';
import { watchDeliveries } from './delivery-watch.js';
import { type GeneratedFailure, type GeneratedRun, exerciseTarget } from './exercise-target.js';
import { expectationOf } from './expected-answer.js';
import { fieldHints } from './field-hints.js';
import { type GenerateTarget, generateTargets } from './generate-target.js';
import { deliveryResult, progressOf, resultOf } from './generated-results.js';

export type { GeneratedFailure, GeneratedRun } from './exercise-target.js';

export interface GenerateOptions {
  /** fast-check's seed: the same seed sends the same requests. */
  seed: number;
  /** Generated requests per operation and version (before shrinking). */
  maxExamples: number;
  /** The whole phase's budget, shared by its versions and operations. */
  maxTimeMs: number;
  /** Called as each operation's requests end, for progress. */
  onProgress?: (line: string) => void;
  /** Where the delivery watch's receiver listens and how it is reached (`--callback-*`). */
  callback?: Callback;
}

export interface GenerateReport {
  seed: number;
  maxExamples: number;
  maxTimeMs: number;
  runs: GeneratedRun[];
  /** Every distinct failure of every operation, each shrunk once. */
  failures: GeneratedFailure[];
  /** Every distinct finding that rests on a reading the profile does not opt into, likewise. */
  warnings: GeneratedFailure[];
  /** Per version: the deliveries the watch received, and whether any broke its contract. */
  deliveries: Array<{ version: string; received: number; fromTraffic: number; failed: boolean }>;
  /** One result per operation and version, as the checks report theirs. */
  results: CheckResult[];
}

interface Planned {
  version: string;
  loaded: LoadedDocument;
  targets: GenerateTarget[];
}

/**
 * The generative phase: per version and per operation of it (and once for each v0 operation),
 * requests generated from the bundled document (valid, open, and breaking request rules), sent with
 * the profile's credentials, each answer judged by what the specification allows
 * (expected-answer.ts, judge-case.ts); every case of an operation's budget is sent, and each
 * distinct failure is shrunk and reported with a `curl` line and the seed. Deterministic for a seed,
 * within `maxTimeMs` as a whole. Versions the profile declares sunset are left out (VER-05: every
 * request pinned to them answers 410).
 */
export async function runGenerate(
  profile: Profile,
  versions: readonly string[],
  options: GenerateOptions,
): Promise<GenerateReport> {
  const documents = loadDocumentsByVersion();
  const deadline = performance.now() + options.maxTimeMs;
  const report: GenerateReport = {
    seed: options.seed,
    maxExamples: options.maxExamples,
    maxTimeMs: options.maxTimeMs,
    runs: [],
    failures: [],
    warnings: [],
    deliveries: [],
    results: [],
  };
  const planned = plan(profile, versions, documents, report);
  let left = planned.reduce((n, p) => n + p.targets.length, 0);
  for (const { version, loaded, targets } of planned) {
    const scope = caseScope(profile, version, loaded);
    const watch =
      version === 'v0'
        ? undefined
        : await watchDeliveries(profile, version, loaded.document, options.callback);
    const watchBegan = performance.now();
    for (const target of targets) {
      // A share of what is left, up to four times the even share: an operation that needs longer
      // (the first, while validators compile) is not cut short, and the whole stays in budget.
      const remaining = deadline - performance.now();
      const budget = Math.max(1, Math.floor(Math.min(remaining, (4 * remaining) / left)));
      left -= 1;
      const { run, failures } = await exerciseTarget(target, {
        scope,
        loaded,
        documents,
        seed: options.seed,
        maxExamples: options.maxExamples,
        budget,
      });
      report.runs.push(run);
      report.failures.push(...failures.filter((f) => f.severity === 'error'));
      report.warnings.push(...failures.filter((f) => f.severity === 'warning'));
      report.results.push(resultOf(target, run, failures, profile));
      options.onProgress?.(progressOf(run));
    }
    if (!watch) continue;
    const outcome = 'unwatched' in watch ? watch : await watch.close();
    if (!('unwatched' in outcome))
      report.deliveries.push({
        version,
        received: outcome.received,
        fromTraffic: outcome.fromTraffic,
        failed: outcome.findings.length > 0,
      });
    report.results.push(deliveryResult(version, outcome, watchBegan));
  }
  return report;
}

/**
 * The versions and their operations, v0's once after them (VER-06: outside the dated scheme); a
 * version the profile declares sunset gets one result saying why it is left out.
 */
function plan(
  profile: Profile,
  versions: readonly string[],
  documents: Map<string, LoadedDocument>,
  report: GenerateReport,
): Planned[] {
  const planned: Planned[] = [];
  for (const version of versions) {
    if (lifecycleOf(profile, version) === 'sunset') {
      report.results.push(sunsetResult(version));
      continue;
    }
    const loaded = documents.get(version)!;
    planned.push({ version, loaded, targets: generateTargets(loaded.document, profile) });
  }
  const v0 = documents.get('v0');
  if (v0)
    planned.push({
      version: 'v0',
      loaded: v0,
      targets: generateTargets(v0.document, profile, 'v0'),
    });
  return planned;
}

/** What the cases of one version draw on: the profile, the document, what the spec says of them. */
function caseScope(profile: Profile, version: string, loaded: LoadedDocument): CaseScope {
  const versions = listVersions();
  const events = Object.keys(loaded.document.webhooks ?? {});
  return {
    version,
    baseline: loadVersionRegistry().baseline,
    versions,
    profile,
    hints: fieldHints(loaded.document, profile, versions),
    expectation: (request, target) =>
      expectationOf(request, target, { loaded, profile, versions, events }),
  };
}

function sunsetResult(version: string): CheckResult {
  return {
    check: 'generated requests',
    title: 'generated requests',
    version,
    requirements: [],
    status: 'not_applicable',
    diagnostics: [],
    reason: `the profile declares ${version} sunset: requests pinned to it answer 410 (VER-05)`,
    durationMs: 0,
  };
}
