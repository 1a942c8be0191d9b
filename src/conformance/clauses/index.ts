import { AUTH_CLAUSES } from './auth.js';
import type { Clause } from './clause.js';
import { DLV_CLAUSES } from './dlv.js';
import { EPH_CLAUSES } from './eph.js';
import { EVENT_CLAUSES } from './events.js';
import { HEALTH_CLAUSES } from './health.js';
import { SUB_CLAUSES } from './sub.js';
import { VER_CLAUSES } from './ver.js';

export type { Clause, ClauseVersions, GapKind } from './clause.js';

/**
 * The clause map: every requirement a running implementation or receiver can show, split into its
 * clauses, each with what judges it or why nothing does; in the order of docs/REQUIREMENTS.md, the
 * payload shape of each event after the other delivery rules. Hand-written TypeScript, one file
 * per family of requirements, so the package ships it as it ships the checks (no data file read at
 * run time) and a gate that does not exist does not compile; test/conformance/clauses/ holds it to
 * the checks, the faults, the readings and the requirements it names.
 */
export const CLAUSES: readonly Clause[] = [
  ...VER_CLAUSES,
  ...AUTH_CLAUSES,
  ...SUB_CLAUSES,
  ...HEALTH_CLAUSES,
  ...DLV_CLAUSES,
  ...EVENT_CLAUSES,
  ...EPH_CLAUSES,
];

/** The requirement ID a clause belongs to: its id up to the first dot. */
export function requirementOf({ id }: Pick<Clause, 'id'>): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}

/** Whether a check of either suite exercises the clause. */
export function isJudged(clause: Clause): boolean {
  return [clause.checks, clause.receiverChecks, clause.deliveredBy].some(
    (ids) => ids !== undefined && ids.length > 0,
  );
}
