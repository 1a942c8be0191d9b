import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { CLAUSES, type Clause } from '../../../src/conformance/clauses/index.ts';
import { clauseFigures, describeFigures } from '../../../src/conformance/clauses/figures.ts';
import { RECEIVER_CHECKS } from '../../../src/conformance/receiver-suite/checks/index.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { listVersions, loadVersionRegistry } from '../../../src/versions.ts';
import type { VersionGateId } from '../../../generated/types/index.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { FAULTY } from '../receiver-suite/receivers.ts';
import { REQUIREMENTS_FILE, loadRequirements } from '../../support/requirements.ts';
import { type ClauseFacts, clauseProblems } from './clause-problems.ts';

const markdown = readFileSync(REQUIREMENTS_FILE, 'utf8');
const readingsTable = markdown.slice(markdown.indexOf('## Readings'));

/** The ids the project declares, which the clause map may name. */
const FACTS: ClauseFacts = {
  requirements: new Map(loadRequirements().map((r) => [r.id, r.layers])),
  readings: new Set([...readingsTable.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!)),
  gates: new Set(loadVersionRegistry().versions.flatMap((v) => v.gates.map((g) => g.id))),
  checks: new Map(CHECKS.map(([id, check]) => [id, check.requirements])),
  receiverChecks: new Map(RECEIVER_CHECKS.map(([id, check]) => [id, check.requirements])),
  faults: new Map(FAULTS.map((fault) => [fault.id, fault.requirement])),
  receiverFaults: new Map(FAULTY.map(([name, { fails }]) => [name, fails])),
};

/** A small world to break one thing at a time in. */
const WORLD: ClauseFacts = {
  requirements: new Map([
    ['X-01', ['live']],
    ['X-02', ['doc']],
  ]),
  readings: new Set(['X-01.a-reading']),
  gates: new Set(['envelope']),
  checks: new Map([['x-01-check', ['X-01']]]),
  receiverChecks: new Map([['x-01-receiver', ['X-01']]]),
  faults: new Map([['x-01-fault', 'X-01']]),
  receiverFaults: new Map([['fails x-01-receiver', ['x-01-receiver']]]),
};
const JUDGED: Clause = {
  id: 'X-01.judged',
  text: 'A sentence.',
  versions: 'all',
  basis: 'stated',
  checks: ['x-01-check'],
  faults: ['x-01-fault'],
};
const UNJUDGED: Clause = {
  id: 'X-01.unjudged',
  text: 'A sentence.',
  versions: 'v0',
  basis: 'stated',
  unjudged: { kind: 'not-sent', reason: 'no check sends it' },
};
const gate = (id: string) => id as VersionGateId;

describe('clauseProblems', () => {
  it.each<[string, { given: Clause[]; want: RegExp | undefined }]>([
    ['a sound map', { given: [JUDGED, UNJUDGED], want: undefined }],
    [
      'a live requirement without a clause',
      { given: [{ ...JUDGED, id: 'X-02.doc-rule' }], want: /X-01 \(live\) has no clause/ },
    ],
    [
      'a clause neither judged nor unjudged',
      {
        given: [{ ...JUDGED, checks: [], faults: [] }],
        want: /no check, no fault, and no unjudged/,
      },
    ],
    [
      'a clause judged and unjudged',
      { given: [{ ...JUDGED, unjudged: UNJUDGED.unjudged }], want: /says it is unjudged/ },
    ],
    [
      'a clause with a fault and no check',
      { given: [{ ...UNJUDGED, faults: ['x-01-fault'] }], want: /faults but no check/ },
    ],
    [
      'a check that is not registered',
      { given: [{ ...JUDGED, checks: ['x-01-gone'] }], want: /check x-01-gone is not registered/ },
    ],
    [
      "a check that does not declare the clause's requirement",
      {
        given: [JUDGED, { ...JUDGED, id: 'X-02.other', faults: [] }],
        want: /check x-01-check declares X-01, not X-02/,
      },
    ],
    [
      "a receiver check that does not declare the clause's requirement",
      {
        given: [
          JUDGED,
          { ...UNJUDGED, id: 'X-02.other', unjudged: undefined, receiverChecks: ['x-01-receiver'] },
        ],
        want: /receiver check x-01-receiver declares X-01, not X-02/,
      },
    ],
    [
      'a faulty receiver that does not exist',
      {
        given: [{ ...JUDGED, receiverChecks: ['x-01-receiver'], receiverFaults: ['gone'] }],
        want: /faulty receiver "gone" is not in receivers.ts/,
      },
    ],
    [
      'a faulty receiver that fails none of its receiver checks',
      {
        given: [{ ...JUDGED, receiverFaults: ['fails x-01-receiver'] }],
        want: /fails x-01-receiver, none of its receiver checks/,
      },
    ],
    [
      'a fault that does not exist',
      {
        given: [{ ...JUDGED, faults: ['x-01-gone'] }],
        want: /fault x-01-gone is not in the catalogue/,
      },
    ],
    [
      'a fault of another requirement',
      {
        given: [
          JUDGED,
          {
            ...UNJUDGED,
            id: 'X-02.other',
            unjudged: undefined,
            checks: [],
            receiverChecks: ['x-01-receiver'],
            faults: ['x-01-fault'],
          },
        ],
        want: /fault x-01-fault breaks X-01, not X-02/,
      },
    ],
    [
      'a reading that is not in the table',
      {
        given: [{ ...JUDGED, basis: 'X-01.no-such-reading' }],
        want: /neither stated nor a reading/,
      },
    ],
    [
      'a gate that does not exist',
      {
        given: [{ ...JUDGED, versions: { from: gate('no-such-gate') } }],
        want: /gate no-such-gate is not in openapi\/versions.yaml/,
      },
    ],
    [
      'a gate that does not exist, on its other side',
      {
        given: [{ ...JUDGED, versions: { before: gate('no-such-gate') } }],
        want: /gate no-such-gate is not in openapi\/versions.yaml/,
      },
    ],
    [
      'a requirement that does not exist',
      { given: [JUDGED, { ...UNJUDGED, id: 'X-09.gone' }], want: /X-09 is not a requirement/ },
    ],
    [
      'an id without a slug',
      { given: [JUDGED, { ...UNJUDGED, id: 'X-01' }], want: /not <requirement>.<slug>/ },
    ],
    ['an id twice', { given: [JUDGED, { ...UNJUDGED, id: JUDGED.id }], want: /listed twice/ }],
    [
      'an id that is a reading id',
      { given: [JUDGED, { ...UNJUDGED, id: 'X-01.a-reading' }], want: /a reading has this id/ },
    ],
    [
      'deliveries named for a clause that is no payload shape',
      {
        given: [{ ...JUDGED, deliveredBy: ['x-01-check'] }],
        want: /deliveredBy is for the payload shape/,
      },
    ],
  ])('%s', (_, { given, want }) => {
    const problems = clauseProblems(given, WORLD);
    if (want === undefined) expect(problems).toEqual([]);
    else expect(problems.join('\n')).toMatch(want);
  });
});

/** The webhook events each generation's documents list (v1: at any dated version). */
function documentedEvents(): Array<['v0' | 'v1', string]> {
  const eventsOf = (file: string): string[] =>
    Object.keys(
      JSON.parse(readFileSync(join(PROJECT_ROOT, 'generated', 'openapi', file), 'utf8')).webhooks ??
        {},
    );
  const v1 = new Set(listVersions().flatMap((version) => eventsOf(`v1/${version}.json`)));
  return [
    ...eventsOf('v0.json').map((name): ['v0', string] => ['v0', name]),
    ...[...v1].map((name): ['v1', string] => ['v1', name]),
  ];
}

/**
 * The events a check makes happen, read from its file and from the helpers of reach/ it imports
 * that emit (a judge shared by two checks): those it names in quotes, where it emits through a
 * hook at all. A check that subscribes without emitting (to hold a subscription, or to see that
 * nothing arrives) is delivered nothing of its own.
 */
function emittedBy(check: string): Set<string> {
  const conformance = join(PROJECT_ROOT, 'src', 'conformance');
  const own = readFileSync(join(conformance, 'checks', `${check}.ts`), 'utf8');
  const helpers = [...own.matchAll(/from '\.\.\/reach\/([a-z-]+)\.js'/g)]
    .map((m) => readFileSync(join(conformance, 'reach', `${m[1]}.ts`), 'utf8'))
    .filter((source) => source.includes('.emit('));
  const sources = [own, ...helpers];
  if (!sources.some((source) => source.includes('.emit('))) return new Set();
  return new Set(
    sources.flatMap((source) => [...source.matchAll(/'([a-z]+[.:][a-z.:]+)'/g)].map((m) => m[1]!)),
  );
}

describe('the clause map', () => {
  afterAll(() => {
    console.log(describeFigures(clauseFigures(CLAUSES)));
    const named = new Set(CLAUSES.flatMap((c) => [...(c.checks ?? []), ...(c.deliveredBy ?? [])]));
    const receivers = new Set(CLAUSES.flatMap((c) => c.receiverChecks ?? []));
    const faults = new Set(CLAUSES.flatMap((c) => c.faults ?? []));
    const unnamed = [
      ...CHECKS.filter(([id]) => !named.has(id)).map(([id]) => `check ${id}`),
      ...RECEIVER_CHECKS.filter(([id]) => !receivers.has(id)).map(([id]) => `receiver check ${id}`),
      ...FAULTS.filter((f) => !faults.has(f.id)).map((f) => `fault ${f.id}`),
    ];
    if (unnamed.length) console.log(`named by no clause: ${unnamed.join(', ')}`);
  });

  // The catalogue per clause (#32): a clause a check judges is broken by a fault or a faulty
  // receiver the suite's own tests prove it catches, so a check that judges nothing fails them.
  it('names a fault for every clause a check judges', () => {
    const withoutFault = CLAUSES.filter(
      (c) => !c.unjudged && !c.faults?.length && !c.receiverFaults?.length,
    ).map((c) => c.id);
    expect(withoutFault).toEqual([]);
  });

  it('holds to the requirements, checks, faults, readings and gates it names', () => {
    expect(clauseProblems(CLAUSES, FACTS)).toEqual([]);
  });

  it('has one payload-shape clause per documented event of v0 and v1, and no other', () => {
    const key = ([generation, name]: readonly [string, string]) => `${generation} ${name}`;
    const mapped = CLAUSES.flatMap((c) =>
      c.event ? [key([c.event.generation, c.event.name])] : [],
    );
    expect(mapped.toSorted()).toEqual(documentedEvents().map(key).toSorted());
  });

  it('names as delivering an event exactly the checks that emit it', () => {
    const problems: string[] = [];
    const listed = new Map<string, Set<string>>();
    for (const clause of CLAUSES) {
      if (!clause.event) continue;
      const { name } = clause.event;
      for (const check of [...(clause.checks ?? []), ...(clause.deliveredBy ?? [])]) {
        if (!emittedBy(check).has(name))
          problems.push(`${clause.id}: ${check} does not emit ${name}`);
        listed.set(name, (listed.get(name) ?? new Set()).add(check));
      }
    }
    // v0 and v1 share the On-Air names: a check listed under either generation is listed.
    for (const [check] of CHECKS)
      for (const name of emittedBy(check))
        if (!listed.get(name)?.has(check) && CLAUSES.some((c) => c.event?.name === name))
          problems.push(
            `${check} emits ${name}, and no payload-shape clause of it names the check`,
          );
    expect(problems).toEqual([]);
  });
});
