import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, runVersions, selectChecks } from '../../../src/conformance/runner.ts';
import { listVersions } from '../../../src/versions.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { withInjectedServer } from '../injected-server.ts';

// A verdict that changes with load is a false verdict (DESIGN.md, "Sensitivity and specificity of
// the suites"): each timed check below runs while two spinning processes keep both cores busy, and
// must fail its fault (never call it not testable) and pass the reference server (neither fail nor
// call it not testable), every time, at every version. `npm test` runs the short form (two faults
// and the server, one run at the latest version); LOADED_RUNS=3 (or more) runs the full form: every
// fault of the catalogue that breaks a timed rule (TIMED), and the server with all their checks,
// that many runs each at every version.
const RUNS = Number(process.env.LOADED_RUNS ?? 0);
const FULL = RUNS > 0;

const spinners: ChildProcess[] = [];
const stopSpinners = () => {
  for (const spinner of spinners.splice(0)) spinner.kill('SIGKILL');
};
beforeAll(() => {
  // One per core of the machines the suite runs on (2): the suite's process, and the server in
  // it, get what the scheduler leaves them.
  for (let i = 0; i < 2; i += 1)
    spinners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  // Also when the run is cut short: a spinner must not outlive the tests.
  process.once('exit', stopSpinners);
});
afterAll(stopSpinners);

/** The rules whose checks wait or time: emissions, retries, the answer window, the debounce, health. */
const TIMED = new Set([
  'EPH-05',
  'DLV-05',
  'DLV-06',
  'DLV-07',
  'DLV-08',
  'DLV-09',
  'DLV-11',
  'HEALTH-01',
  'HEALTH-02',
  'HEALTH-03',
  'HEALTH-04',
]);

type Case = [string, { given: { checks: string[]; fault?: string }; want: 'failed' | 'passed' }];

/** The short form: the two faults a full run under load once missed, and the server without them. */
const SHORT: Case[] = [
  [
    'EPH-05: postEphemeral also emits chat.message',
    { given: { checks: ['EPH-05'], fault: 'ephemeral-emits-chat-message' }, want: 'failed' },
  ],
  [
    'DLV-11: no reaction debounce',
    { given: { checks: ['DLV-11'], fault: 'no-reaction-debounce' }, want: 'failed' },
  ],
  ['EPH-05: the reference server', { given: { checks: ['EPH-05'] }, want: 'passed' }],
  ['DLV-11: the reference server', { given: { checks: ['DLV-11'] }, want: 'passed' }],
];

/** The full form: every fault of the catalogue that breaks a timed rule, and the server without. */
const FULL_CASES: Case[] = [
  ...FAULTS.filter((f) => TIMED.has(f.requirement)).map((f): Case => [
    `${f.requirement}: ${f.id}`,
    { given: { checks: [f.requirement], fault: f.id }, want: 'failed' },
  ]),
  ['the timed rules: the reference server', { given: { checks: [...TIMED] }, want: 'passed' }],
];

/** A result in a line: its check, its verdict and why. */
const shown = (r: CheckResult) =>
  `${r.check} ${r.status}: ${r.reason ?? r.diagnostics.map((d) => d.message).join('; ')}`;

describe('timed checks on a busy machine', () => {
  it.each<Case>(FULL ? FULL_CASES : SHORT)(
    '%s',
    async (_, { given, want }) => {
      const checks = selectChecks(given.checks);
      const requirement = given.checks[0];
      const fault = FAULTS.find((f) => f.id === given.fault);
      const versions = FULL ? listVersions() : [listVersions().at(-1)!];
      const runs: CheckResult[][] = [];
      for (let run = 0; run < Math.max(1, RUNS); run += 1)
        runs.push(
          await withInjectedServer(fault?.hooks() ?? {}, (profile) =>
            runVersions(profile, versions, { checks }),
          ),
        );
      const results = runs.flat();
      const counts = new Map<string, number>();
      for (const { status } of results) counts.set(status, (counts.get(status) ?? 0) + 1);
      console.log(
        `${given.checks.join(',')}, ${given.fault ?? 'no fault'}: ${[...counts].map(([status, n]) => `${status} ${n}`).join(', ')} of ${results.length}`,
      );
      // A fault is caught at a version of a run by a finding of the rule it breaks, not by a side
      // effect of it; the server passes every check (or it does not apply).
      const caught = (r: CheckResult) =>
        r.status === 'failed' &&
        r.diagnostics.some((d) => d.requirement === requirement && d.severity === 'error');
      const missed = runs.flatMap((run, i) =>
        want === 'failed'
          ? versions
              .filter((v) => !run.some((r) => r.version === v && caught(r)))
              .map((v) => [i + 1, v, run.filter((r) => r.version === v).map(shown)])
          : run
              .filter((r) => r.status !== 'passed' && r.status !== 'not_applicable')
              .map((r) => [i + 1, r.version, shown(r)]),
      );
      expect(missed).toEqual([]);
    },
    FULL ? 600_000 : 60_000,
  );
});
