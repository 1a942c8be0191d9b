import type { Clause, GapKind } from './clause.js';
import { isJudged } from './index.js';

/** The clause map in figures: how much of what the requirements state a run can judge. */
export interface ClauseFigures {
  clauses: number;
  /** Exercised by a check of the conformance suite or of the receiver suite. */
  judged: number;
  /**
   * Broken by a fault of the catalogue or a faulty receiver, which the suite's own tests prove it
   * catches.
   */
  withFault: number;
  unjudged: number;
  /** The unjudged clauses by the kind of their reason. */
  byKind: Partial<Record<GapKind, number>>;
}

export function clauseFigures(clauses: readonly Clause[]): ClauseFigures {
  const byKind: Partial<Record<GapKind, number>> = {};
  for (const { unjudged } of clauses)
    if (unjudged) byKind[unjudged.kind] = (byKind[unjudged.kind] ?? 0) + 1;
  return {
    clauses: clauses.length,
    judged: clauses.filter(isJudged).length,
    withFault: clauses.filter((c) => (c.faults?.length ?? 0) + (c.receiverFaults?.length ?? 0) > 0)
      .length,
    unjudged: clauses.filter((c) => c.unjudged !== undefined).length,
    byKind,
  };
}

/** The figures in one line, as the test prints them beside the mutation score. */
export function describeFigures({ clauses, judged, withFault, unjudged, byKind }: ClauseFigures) {
  const kinds = Object.entries(byKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return `clause map: ${clauses} clauses, ${judged} judged by a check, ${withFault} with a fault, ${unjudged} unjudged (${kinds})`;
}
