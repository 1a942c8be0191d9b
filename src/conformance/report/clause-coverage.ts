// report/: every report kind (write-reports.ts), the terminal summary, coverage, merging shards.
import { groupBy } from '../../group-by.js';
import { since } from '../../versions.js';
import { CHECKS } from '../checks/index.js';
import { CLAUSES, type Clause } from '../clauses/index.js';
import type { CheckResult } from '../run/check-result.js';

/** A stated clause this run did not judge, and why. */
export interface ClauseNotJudged {
  id: string;
  text: string;
  reason: string;
}

/**
 * How many of the clauses the specification states (basis `stated`, #32) a run judged: a check
 * that exercises the clause passed or failed at a version where it holds. Readings are left out:
 * they judge what the specification does not state.
 */
export interface ClauseCoverage {
  judged: number;
  /** The stated clauses an implementation can show from outside: the figure's denominator. */
  total: number;
  /** Stated clauses no implementation can show from outside (UNSHOWABLE), left out of `total`. */
  unshowable: number;
  /** The clauses of `total` this run did not judge, then the unshowable ones, each with why. */
  notJudged: ClauseNotJudged[];
}

/**
 * Gaps no check could close: the contract has no operation to observe it with, it cannot be seen
 * from outside, or it allows rather than requires (clauses/clause.ts, GapKind).
 */
const UNSHOWABLE: ReadonlySet<string> = new Set(['no-operation', 'unobservable', 'permission']);

type Suite = 'server' | 'receiver';

const SERVER_CHECKS = new Set(CHECKS.map(([id]) => id));

/** The suite the results are of: the receiver suite's checks have ids of their own. */
const suiteOf = (results: readonly CheckResult[]): Suite =>
  results.some((r) => SERVER_CHECKS.has(r.check)) || results.length === 0 ? 'server' : 'receiver';

/** The checks of `suite` that exercise a clause. */
function judgesOf(clause: Clause, suite: Suite): readonly string[] {
  if (suite === 'receiver') return clause.receiverChecks ?? [];
  return [...(clause.checks ?? []), ...(clause.deliveredBy ?? [])];
}

/** Whether the clause is one of `suite`'s: judged by its checks, or unjudged by either suite. */
function belongsTo(clause: Clause, suite: Suite): boolean {
  if (clause.basis !== 'stated') return false;
  if (judgesOf(clause, suite).length > 0) return true;
  const other = judgesOf(clause, suite === 'server' ? 'receiver' : 'server');
  return other.length === 0 && suite === 'server';
}

function holdsAt(clause: Clause, version: string): boolean {
  const { versions } = clause;
  if (typeof versions === 'string') return true;
  return 'from' in versions ? since(version, versions.from) : !since(version, versions.before);
}

/** Why a clause with checks was not judged: what its checks' results said, or that none ran. */
function whyNot(clause: Clause, results: readonly CheckResult[]): string {
  const reasons = [
    ...new Set(results.map((r) => `${r.check} ${r.status.replace('_', ' ')}: ${r.reason ?? ''}`)),
  ];
  if (reasons.length > 0) return reasons.join('; ');
  return `${judgesOfAny(clause).join(', ')} did not run at a version where it holds (versions, shard or --check)`;
}

const judgesOfAny = (clause: Clause) => [
  ...(clause.checks ?? []),
  ...(clause.deliveredBy ?? []),
  ...(clause.receiverChecks ?? []),
];

export function clauseCoverage(results: readonly CheckResult[]): ClauseCoverage {
  const suite = suiteOf(results);
  const byCheck = groupBy(results, (r) => r.check);
  const notJudged: ClauseNotJudged[] = [];
  const unshowable: ClauseNotJudged[] = [];
  let total = 0;
  for (const clause of CLAUSES) {
    if (!belongsTo(clause, suite)) continue;
    if (clause.unjudged && UNSHOWABLE.has(clause.unjudged.kind)) {
      unshowable.push(notJudgedOf(clause, []));
      continue;
    }
    total += 1;
    const ran = judgesOf(clause, suite)
      .flatMap((check) => byCheck.get(check) ?? [])
      .filter((r) => holdsAt(clause, r.version));
    if (ran.some((r) => r.status === 'passed' || r.status === 'failed')) continue;
    notJudged.push(notJudgedOf(clause, ran));
  }
  return {
    judged: total - notJudged.length,
    total,
    unshowable: unshowable.length,
    notJudged: [...notJudged, ...unshowable],
  };
}

function notJudgedOf(clause: Clause, ran: readonly CheckResult[]): ClauseNotJudged {
  const reason = clause.unjudged
    ? `no check judges it (${clause.unjudged.kind}): ${clause.unjudged.reason}`
    : whyNot(clause, ran);
  return { id: clause.id, text: clause.text, reason };
}

/** The figure in one line, for the terminal and the reports. */
export const clauseLine = ({ judged, total, unshowable }: ClauseCoverage): string =>
  `stated clauses judged: ${judged}/${total} (${total ? Math.round((100 * judged) / total) : 100}%)` +
  (unshowable ? `; ${unshowable} more no implementation can show from outside` : '');
