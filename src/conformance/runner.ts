import type { Diagnostic } from '../diagnostic.js';
import { loadDocumentsByVersion } from '../validation/documents-by-version.js';
import type { RegisteredCheck, Skip } from './check.js';
import { CHECKS } from './checks/index.js';
import { type RunScope, createContext } from './context.js';
import type { Profile } from './profile.js';
import { type Receiver, startReceiver } from './receiver.js';

export interface CheckResult {
  check: string;
  title: string;
  version: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'not_applicable' | 'not_testable';
  /**
   * What the check reported (its `rule` the check's id), then every way an answer it got differs
   * from its document (`rule` one of the response rules, `location` where in the answer).
   */
  diagnostics: Diagnostic[];
  reason?: string;
  durationMs: number;
}

export interface RunOptions {
  checks?: readonly RegisteredCheck[];
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
  let started: Promise<Receiver> | undefined;
  const scope: RunScope = {
    profile,
    version,
    documents: loadDocumentsByVersion(),
    fullSchedule,
    receiver: () => (started ??= startReceiver()),
  };
  const runOne = async (entry: RegisteredCheck) => {
    const result = await runCheck(entry, scope);
    onResult?.(result);
    return result;
  };
  try {
    const background = new Map(
      checks.filter(([, check]) => check.background).map((entry) => [entry, runOne(entry)]),
    );
    const results: CheckResult[] = [];
    for (const entry of checks) results.push(await (background.get(entry) ?? runOne(entry)));
    return results;
  } finally {
    if (started) await (await started).close();
  }
}

async function runCheck(entry: RegisteredCheck, scope: RunScope): Promise<CheckResult> {
  const [id, check] = entry;
  const begun = performance.now();
  const { context, found } = createContext(
    { id: entry[0], requirements: entry[1].requirements },
    scope,
  );
  let skip: void | Skip = undefined;
  try {
    skip = await check.run(context);
  } catch (error) {
    context.report({
      message: `the check could not finish: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const durationMs = Math.round(performance.now() - begun);
  const base = {
    check: id,
    title: check.title,
    version: scope.version,
    requirements: check.requirements,
  };
  // A skip says why the rule could not be tested; what the check found before it still fails it.
  if (skip && found.findings.length === 0)
    return { ...base, status: skip.skip, diagnostics: [], reason: skip.reason, durationMs };
  const diagnostics = [...found.findings, ...found.shapes];
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
  checks: readonly RegisteredCheck[] = CHECKS,
): RegisteredCheck[] {
  if (!only?.length) return [...checks];
  const wanted = new Set(only.map((id) => id.trim()));
  return checks.filter(
    ([id, check]) => wanted.has(id) || check.requirements.some((r) => wanted.has(r)),
  );
}
