import type { ScaleAsk } from '../../time-scale.js';
import type { CheckContext } from './context.js';

/** A check that cannot run here says why instead of passing silently. */
export interface Skip {
  skip: 'not_applicable' | 'not_testable';
  reason: string;
  /**
   * The suite's own process disturbed the measurement (a stall), not the implementation: the
   * runner runs the check again, a few times at most, before it reports the skip.
   */
  rerun?: boolean;
  /** What time scale would let the check judge, per clock, where one would (the run joins them). */
  remedy?: ScaleAsk[];
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
   * Whether the specification states what the check judges (`stated`), or only implies it
   * (`implied`): then `reading` names the reading of docs/REQUIREMENTS.md it judges by, and its
   * findings are warnings unless the profile opts into that reading. A stated check may still
   * rest single findings on a reading (they name it).
   */
  basis: 'stated' | 'implied';
  reading?: string;
  /**
   * Starts before the others, and runs beside quiet checks too: for a check that mostly
   * waits (a fail streak of a day, scaled), so the run is not as long as the sum of its waits.
   */
  background?: boolean;
  /**
   * The implementation's state this check relies on alone, by name: it runs alongside every other
   * check, at its own version and the others, except those naming one of these (exclusive or
   * shared). Checks run against one implementation, so a name holds across versions. Deliveries
   * are the usual case: an app's subscriptions to an event get every emission of it, whichever
   * check emitted it, so a check that scripts or counts every attempt its hooks get holds the
   * event (`v1 meeting.ended`) exclusive.
   */
  exclusive?: readonly string[];
  /**
   * State this check touches that others rely on, by name: it runs alongside others sharing the
   * name, never alongside one holding it exclusive. A check that emits an event but tells its own
   * deliveries from others' (by a marker in the payload) shares the event.
   */
  shared?: readonly string[];
  /**
   * Runs after the rest, for a timing check whose bounds are tighter than the stalls other checks'
   * work causes in the suite's process: `together` beside background checks (which mostly wait)
   * and other quiet ones, `alone` beside background checks only, one at a time.
   */
  quiet?: 'together' | 'alone';
  run(context: CheckContext): Promise<void | Skip>;
}

/**
 * A check under its id, as the registry lists it: the id names its findings and `--only` selects by
 * it.
 */
export type RegisteredCheck = readonly [id: string, check: Check];
