import type { CheckContext } from './context.js';
import type { Diagnostic, Skip } from './diagnostic.js';

/**
 * One conformance check: the requirement IDs it covers, and a run that returns what it found
 * (nothing when the rule held) or why it could not run. A check never throws; the runner turns a
 * throw into a diagnostic all the same, so a crashing check cannot pass.
 */
export interface Check {
  id: string;
  requirements: string[];
  title: string;
  /**
   * Runs alongside the checks after it rather than before them: for a check that mostly waits
   * (a fail streak of a day, scaled), so the run is not as long as the sum of its waits.
   */
  background?: boolean;
  run(context: CheckContext): Promise<Diagnostic[] | Skip>;
}
