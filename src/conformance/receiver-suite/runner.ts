import { redactDiagnostic } from '../../redact.js';
import type { Skip } from '../run/check.js';
import type { CheckResult } from '../run/check-result.js';
import { checkUnitsOf } from '../shard/check-units.js';
import type { Shard } from '../shard/shard.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import type { RegisteredReceiverCheck } from './check.js';
import { RECEIVER_CHECKS } from './checks/index.js';
import { createReceiverContext } from './context.js';
import { concurrencyLimit } from './limit.js';
import { withUnauthorizedHint } from './unauthorized-hint.js';
import { couldNotFinish } from '../transport/could-not-finish.js';

/** A receiver check's result: the server suite's, with what the check rests on. */
export interface ReceiverCheckResult extends CheckResult {
  basis: 'stated' | 'implied';
  description: string;
}

export interface ReceiverRunOptions {
  /** The receiver's URL; `{version}` and `{event}` in it are filled in per delivery. */
  url: string;
  /** The receiver's signing secret, `whsec_...`. */
  secret: string;
  versions: readonly WebhookVersion[];
  /** The default set (every check but the opt-in ones) unless given. */
  checks?: readonly RegisteredReceiverCheck[];
  /** Called as each check ends, for progress. */
  onResult?: (result: ReceiverCheckResult) => void;
  /** Run only this part of the (check, version) units (`--shard`). */
  shard?: Shard;
}

/** At most this many deliveries in flight to the receiver at once. */
const CONCURRENT_DELIVERIES = 8;

/**
 * Runs the receiver checks at each version against one webhook endpoint. The checks of a version
 * run side by side (each sends its own deliveries with ids of its own); results come back in the
 * order of `checks`. A check that throws fails. When every valid delivery of the run got 401, the
 * findings say what usually causes it (`withUnauthorizedHint`).
 */
export async function runReceiverSuite({
  url,
  secret,
  versions,
  checks = selectReceiverChecks(undefined),
  onResult,
  shard,
}: ReceiverRunOptions): Promise<ReceiverCheckResult[]> {
  // Each check sends deliveries with ids of its own: they name no state to share a shard by.
  const mine =
    shard &&
    checkUnitsOf(
      checks.map(([id]) => [id, {}] as const),
      versions,
      shard,
    );
  const target = {
    url,
    secret,
    schedule: concurrencyLimit(CONCURRENT_DELIVERIES),
    validAnswers: [] as Array<number | undefined>,
  };
  const results: ReceiverCheckResult[] = [];
  for (const [at, version] of versions.entries()) {
    const chosen = checks.filter((_, i) => !mine || mine.has(at * checks.length + i));
    const run = (entry: RegisteredReceiverCheck) =>
      runCheck(entry, version, target).then((result) => {
        onResult?.(result);
        return result;
      });
    results.push(...(await Promise.all(chosen.map(run))));
  }
  // Known only once every check has run: progress has gone out without it.
  return withUnauthorizedHint(results, target.validAnswers);
}

async function runCheck(
  [id, check]: RegisteredReceiverCheck,
  version: WebhookVersion,
  target: Parameters<typeof createReceiverContext>[2],
): Promise<ReceiverCheckResult> {
  const begun = performance.now();
  const { context, findings } = createReceiverContext(
    { id, requirements: check.requirements, optIn: check.optIn },
    version,
    target,
  );
  let skip: void | Skip = undefined;
  try {
    skip = await check.run(context);
  } catch (error) {
    context.report({
      message: `the check could not finish: ${couldNotFinish(error)}`,
    });
  }
  const base = {
    check: id,
    title: check.title,
    version,
    requirements: check.requirements,
    basis: check.basis,
    description: check.description,
    durationMs: Math.round(performance.now() - begun),
  };
  if (skip && findings.length === 0)
    return { ...base, status: skip.skip, diagnostics: [], reason: skip.reason };
  const failed = findings.some((d) => d.severity === 'error');
  return {
    ...base,
    status: failed ? 'failed' : 'passed',
    diagnostics: findings.map(redactDiagnostic),
  };
}

/**
 * The checks `--only` selects: by check id or by a requirement ID they cover; without `--only`,
 * the default set. An opt-in check is selected only by its own id: a requirement ID asks for what
 * The specification states about it, which an opt-in check does not judge.
 */
export function selectReceiverChecks(
  only: readonly string[] | undefined,
): RegisteredReceiverCheck[] {
  if (!only?.length) return RECEIVER_CHECKS.filter(([, check]) => !check.optIn);
  const wanted = new Set(only.map((id) => id.trim()));
  return RECEIVER_CHECKS.filter(
    ([id, check]) =>
      wanted.has(id) || (!check.optIn && check.requirements.some((r) => wanted.has(r))),
  );
}
