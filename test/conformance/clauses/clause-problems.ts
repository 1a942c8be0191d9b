import type { Clause, GapKind } from '../../../src/conformance/clauses/index.ts';
import { requirementOf } from '../../../src/conformance/clauses/index.ts';

/** What a clause map is held to: the ids it may name, as the project declares them. */
export interface ClauseFacts {
  /** The requirement IDs of docs/REQUIREMENTS.md, each with its layers (`doc`, `live`, `recv`). */
  requirements: ReadonlyMap<string, readonly string[]>;
  /** The reading ids of docs/REQUIREMENTS.md's Readings table. */
  readings: ReadonlySet<string>;
  /** The gate ids of openapi/versions.yaml. */
  gates: ReadonlySet<string>;
  /** The registered conformance checks, each with the requirements it declares. */
  checks: ReadonlyMap<string, readonly string[]>;
  /** The registered receiver-suite checks, each with the requirements it declares. */
  receiverChecks: ReadonlyMap<string, readonly string[]>;
  /** The faults of the catalogue, each with the requirement it breaks. */
  faults: ReadonlyMap<string, string>;
  /** The faulty receivers of the receiver suite's tests, each with the checks it fails. */
  receiverFaults: ReadonlyMap<string, readonly string[]>;
}

const ID = /^[A-Z]+-\d{2}\.[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KINDS: readonly GapKind[] = [
  'not-sent',
  'not-compared',
  'elsewhere',
  'no-operation',
  'unobservable',
  'permission',
];

/**
 * Everything wrong with a clause map, one sentence each; none when it holds. A requirement of
 * layer live or recv without a clause; a clause neither judged nor said unjudged (or both); a check,
 * receiver check or fault it names that does not exist or is about another requirement; a basis
 * that is no reading of the Readings table; a gate the registry does not have.
 */
export function clauseProblems(clauses: readonly Clause[], facts: ClauseFacts): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const clause of clauses) {
    const { id } = clause;
    const requirement = requirementOf(clause);
    if (!ID.test(id)) problems.push(`${id}: not <requirement>.<slug>`);
    if (seen.has(id)) problems.push(`${id}: listed twice`);
    seen.add(id);
    if (!facts.requirements.has(requirement))
      problems.push(`${id}: ${requirement} is not a requirement of docs/REQUIREMENTS.md`);
    if (facts.readings.has(id))
      problems.push(`${id}: a reading has this id; name the clause otherwise`);
    problems.push(...judgementProblems(clause, requirement, facts));
    if (clause.basis !== 'stated' && !facts.readings.has(clause.basis))
      problems.push(`${id}: basis ${clause.basis} is neither stated nor a reading of the table`);
    const { versions } = clause;
    if (typeof versions === 'object') {
      const gate = 'from' in versions ? versions.from : versions.before;
      if (!facts.gates.has(gate))
        problems.push(`${id}: gate ${gate} is not in openapi/versions.yaml`);
    } else if (versions !== 'all' && versions !== 'v0')
      problems.push(
        `${id}: versions ${String(versions)} is none of all, v0, from or before a gate`,
      );
  }
  const split = new Set(clauses.map(requirementOf));
  for (const [requirement, layers] of facts.requirements)
    if (layers.some((l) => l === 'live' || l === 'recv') && !split.has(requirement))
      problems.push(`${requirement} (${layers.join(', ')}) has no clause`);
  return problems;
}

/** What is wrong with how a clause says it is judged, or why it is not. */
function judgementProblems(clause: Clause, requirement: string, facts: ClauseFacts): string[] {
  const { id, checks = [], receiverChecks = [], deliveredBy = [], faults = [], unjudged } = clause;
  const problems: string[] = [];
  const judged = checks.length + receiverChecks.length + deliveredBy.length > 0;
  if (!judged && !unjudged)
    problems.push(`${id}: names no check, no fault, and no unjudged reason`);
  if (judged && unjudged) problems.push(`${id}: names checks and says it is unjudged`);
  if (faults.length > 0 && !judged) problems.push(`${id}: names faults but no check to catch them`);
  if (unjudged && !KINDS.includes(unjudged.kind))
    problems.push(`${id}: unjudged kind ${unjudged.kind} is none of ${KINDS.join(', ')}`);
  if (unjudged && (unjudged.reason.trim() === '' || unjudged.reason.includes('\n')))
    problems.push(`${id}: an unjudged reason is one line`);
  const declaring = (
    what: string,
    registry: ReadonlyMap<string, readonly string[]>,
    ids: readonly string[],
  ) => {
    for (const check of ids) {
      const declared = registry.get(check);
      if (!declared) problems.push(`${id}: ${what} ${check} is not registered`);
      else if (!declared.includes(requirement))
        problems.push(
          `${id}: ${what} ${check} declares ${declared.join(', ')}, not ${requirement}`,
        );
    }
  };
  declaring('check', facts.checks, checks);
  declaring('receiver check', facts.receiverChecks, receiverChecks);
  // A hook judges the payloads it is delivered whatever its check declares (deliveries.ts).
  if (deliveredBy.length > 0 && !clause.event)
    problems.push(`${id}: deliveredBy is for the payload shape of an event only`);
  for (const check of deliveredBy)
    if (!facts.checks.has(check)) problems.push(`${id}: check ${check} is not registered`);
  for (const receiver of clause.receiverFaults ?? []) {
    const fails = facts.receiverFaults.get(receiver);
    if (!fails) problems.push(`${id}: faulty receiver "${receiver}" is not in receivers.ts`);
    else if (!fails.some((check) => receiverChecks.includes(check)))
      problems.push(
        `${id}: faulty receiver "${receiver}" fails ${fails.join(', ')}, none of its receiver checks`,
      );
  }
  for (const fault of faults) {
    const breaks = facts.faults.get(fault);
    if (breaks === undefined) problems.push(`${id}: fault ${fault} is not in the catalogue`);
    else if (breaks !== requirement)
      problems.push(`${id}: fault ${fault} breaks ${breaks}, not ${requirement}`);
  }
  return problems;
}
