import {
  type LoadedDocument,
  sharedDocumentsByVersion,
} from '../../validation/documents-by-version.js';
import { listVersions, loadVersionRegistry } from '../../versions.js';
import type { Callback } from '../callback/callback.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import type { Profile } from '../profile/profile.js';
import type { CheckResult } from '../run/check-result.js';
import { partition } from '../shard/partition.js';
import type { Shard } from '../shard/shard.js';
import type { CaseScope } from './case-builder.js';
import { type WatchOutcome, watchDeliveries } from './delivery-watch.js';
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
  /**
   * Send only this part of the phase (`--shard`): every (version, operation) target's cases
   * depend on the seed and the target alone, so the shards together send what one run sends.
   */
  shard?: Shard;
  /**
   * With shards side by side, the one (k) whose checks hold the event the watch sets off to show
   * it is live (shardHolding): only it sets the event off, after its checks, and it watches every
   * version, so each is shown live once. It runs those checks one at a time and those watches
   * besides, so it gets fewer targets. Shard 1 unless told.
   */
  liveShard?: number;
  /**
   * Send only these operations' requests (`POST /v1/chat.postEphemeral`, as the results name them):
   * each operation's cases depend on the seed and the operation alone, so they are the cases a
   * whole run sends it.
   */
  operations?: readonly string[];
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
  const documents = sharedDocumentsByVersion();
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
  const planned = plan(profile, versions, documents, report, options);
  let left = planned.reduce((n, p) => n + p.targets.length, 0);
  const showsLive = !options.shard || options.shard.k === (options.liveShard ?? 1);
  // Another shard sets off the event that shows each version's watch live (one shard, so the
  // others' checks do not hear it): a watch here that heard nothing has nothing to judge.
  const shownLiveBy =
    options.shard && !showsLive && profile.eventTrigger
      ? { k: options.liveShard ?? 1, n: options.shard.n }
      : undefined;
  // The shard that shows watches live watches the versions it sends nothing at too, all at once.
  const watchOnly = planned.filter(
    ({ version, targets }) => options.shard && showsLive && version !== 'v0' && !targets.length,
  );
  const watchedOnly = Promise.all(
    watchOnly.map(async ({ version, loaded }) => {
      const began = performance.now();
      const watch = await watchDeliveries(profile, version, loaded.document, options.callback, {
        showsLive,
      });
      return { version, began, outcome: 'unwatched' in watch ? watch : await watch.close() };
    }),
  );
  for (const { version, loaded, targets } of planned) {
    if (targets.length === 0) continue;
    const scope = caseScope(profile, version, loaded);
    const watch =
      version === 'v0'
        ? undefined
        : await watchDeliveries(profile, version, loaded.document, options.callback, {
            showsLive,
          });
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
    recordWatch(report, version, outcome, watchBegan, shownLiveBy);
  }
  for (const { version, outcome, began } of await watchedOnly)
    recordWatch(report, version, outcome, began, shownLiveBy);
  return report;
}

/** What one version's watch saw, in the report. */
function recordWatch(
  report: GenerateReport,
  version: string,
  outcome: WatchOutcome | { unwatched: string },
  began: number,
  shownLiveBy: Shard | undefined,
): void {
  if (!('unwatched' in outcome))
    report.deliveries.push({
      version,
      received: outcome.received,
      fromTraffic: outcome.fromTraffic,
      failed: outcome.findings.length > 0,
    });
  report.results.push(deliveryResult(version, outcome, began, shownLiveBy));
}

/**
 * The versions and their operations, v0's once after them (VER-06: outside the dated scheme); a
 * version the profile declares sunset gets one result saying why it is left out. With a shard, the
 * targets (and sunset results) placed in it, one unit each in this order.
 */
function plan(
  profile: Profile,
  versions: readonly string[],
  documents: ReadonlyMap<string, LoadedDocument>,
  report: GenerateReport,
  { shard, liveShard = 1, operations }: Pick<GenerateOptions, 'shard' | 'liveShard' | 'operations'>,
): Planned[] {
  const asked = (target: GenerateTarget) => !operations || operations.includes(target.id);
  const planned: Array<Planned | { sunset: string }> = [];
  for (const version of versions) {
    if (lifecycleOf(profile, version) === 'sunset') {
      planned.push({ sunset: version });
      continue;
    }
    const loaded = documents.get(version)!;
    const targets = generateTargets(loaded.document, profile).filter(asked);
    planned.push({ version, loaded, targets });
  }
  const v0 = documents.get('v0');
  if (v0)
    planned.push({
      version: 'v0',
      loaded: v0,
      targets: generateTargets(v0.document, profile, 'v0').filter(asked),
    });
  const mine = shard ? shardFilter(planned, shard, liveShard) : () => true;
  const kept: Planned[] = [];
  for (const item of planned) {
    if (!('sunset' in item)) kept.push({ ...item, targets: item.targets.filter(() => mine()) });
    else if (mine()) report.results.push(sunsetResult(item.sunset));
  }
  return kept;
}

/**
 * Whether each unit of the plan, asked in its order (a sunset version, or a target), is the
 * shard's: units name no state, so the partition deals them out evenly, but for the shard that
 * shows the watches live, which starts half an even share behind.
 */
function shardFilter(
  planned: ReadonlyArray<Planned | { sunset: string }>,
  { k, n }: Shard,
  liveShard: number,
) {
  const count = planned.reduce(
    (sum, item) => sum + ('sunset' in item ? 1 : item.targets.length),
    0,
  );
  const start = Array.from({ length: n }, (_, i) => (i === liveShard - 1 ? count / n / 2 : 0));
  const units = Array.from({ length: count }, () => ({ together: [] }));
  const shardOf = partition(units, n, start);
  let next = 0;
  return () => shardOf[next++] === k - 1;
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
