import { loadDocumentsByVersion } from '../validation/documents-by-version.js';
import type { Check } from './check.js';
import { CHECKS } from './checks/index.js';
import { createContext } from './context.js';
import type { Diagnostic } from './diagnostic.js';
import type { Profile } from './profile.js';
import { type Receiver, startReceiver } from './receiver.js';

export interface CheckResult {
  check: string;
  title: string;
  version: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'not_applicable' | 'not_testable';
  diagnostics: Diagnostic[];
  reason?: string;
  durationMs: number;
}

export interface RunOptions {
  checks?: readonly Check[];
  /** Wait out real minutes where the profile's time scale leaves them long. */
  fullSchedule?: boolean;
  /** Called as each check ends, for progress. */
  onResult?: (result: CheckResult) => void;
}

/**
 * Runs checks against one implementation at one dated version. A check's answers are also held to
 * the documents: a shape that differs fails the check that saw it. A check that throws fails.
 * Results come back in the order of `checks`, whatever order background checks end in.
 */
export async function runConformance(
  profile: Profile,
  version: string,
  { checks = CHECKS, fullSchedule = false, onResult }: RunOptions = {},
): Promise<CheckResult[]> {
  const documents = loadDocumentsByVersion();
  let started: Promise<Receiver> | undefined;
  const options = { fullSchedule, receiver: () => (started ??= startReceiver()) };
  const runOne = async (check: Check) => {
    const result = await runCheck(
      check,
      createContext(profile, version, documents, options),
      version,
    );
    onResult?.(result);
    return result;
  };
  try {
    const background = new Map(checks.filter((c) => c.background).map((c) => [c, runOne(c)]));
    const results: CheckResult[] = [];
    for (const check of checks) results.push(await (background.get(check) ?? runOne(check)));
    return results;
  } finally {
    if (started) await (await started).close();
  }
}

async function runCheck(
  check: Check,
  context: ReturnType<typeof createContext>,
  version: string,
): Promise<CheckResult> {
  const begun = performance.now();
  const shapes: string[] = [];
  const call = context.call;
  context.call = async (input) => {
    const answer = await call(input);
    shapes.push(
      ...answer.shape.map((problem) => `${input.method ?? 'GET'} ${input.path}: ${problem}`),
    );
    return answer;
  };
  const base = { check: check.id, title: check.title, version, requirements: check.requirements };
  let outcome: Awaited<ReturnType<Check['run']>>;
  try {
    outcome = await check.run(context);
  } catch (error) {
    outcome = [
      {
        check: check.id,
        requirement: check.requirements[0]!,
        severity: 'error',
        message: `the check could not finish: ${error instanceof Error ? error.message : String(error)}`,
      },
    ];
  }
  const durationMs = Math.round(performance.now() - begun);
  if (!Array.isArray(outcome))
    return { ...base, status: outcome.skip, diagnostics: [], reason: outcome.reason, durationMs };
  const diagnostics = [
    ...outcome,
    ...shapes.map((message) => ({
      check: check.id,
      requirement: check.requirements[0]!,
      severity: 'error' as const,
      message: `shape: ${message}`,
      shape: true as const,
    })),
  ];
  return {
    ...base,
    status: diagnostics.some((d) => d.severity === 'error') ? 'failed' : 'passed',
    diagnostics,
    durationMs,
  };
}

/** The checks `--only` selects: by check id or by a requirement ID they cover. */
export function selectChecks(
  only: readonly string[] | undefined,
  checks: readonly Check[] = CHECKS,
): Check[] {
  if (!only?.length) return [...checks];
  const wanted = new Set(only.map((id) => id.trim()));
  return checks.filter(
    (check) => wanted.has(check.id) || check.requirements.some((r) => wanted.has(r)),
  );
}
