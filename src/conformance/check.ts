import type { CheckContext } from './context.js';

/** A check that cannot run here says why instead of passing silently. */
export interface Skip {
  skip: 'not_applicable' | 'not_testable';
  reason: string;
}

/**
 * One conformance check, registered under its id in `checks/index.ts`: the requirement IDs it
 * covers, and a run that reports what it found through its context (nothing when the rule held)
 * or returns why it could not run. A check does not name itself: the context fills in its id. It
 * never throws; the runner turns a throw into a finding all the same, so a crashing check cannot
 * pass.
 */
export interface Check {
  requirements: string[];
  title: string;
  /**
   * Runs alongside the checks after it rather than before them: for a check that mostly waits
   * (a fail streak of a day, scaled), so the run is not as long as the sum of its waits.
   */
  background?: boolean;
  run(context: CheckContext): Promise<void | Skip>;
}

/**
 * A check under its id, as the registry lists it: the id names its findings and `--only` selects by
 * it.
 */
export type RegisteredCheck = readonly [id: string, check: Check];
