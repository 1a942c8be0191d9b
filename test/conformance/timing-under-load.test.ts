import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/checks/index.ts';
import { type CheckResult, runVersions } from '../../src/conformance/runner.ts';
import { listVersions } from '../../src/versions.ts';
import { FAULTS } from './fault-catalogue.ts';
import { withInjectedServer } from './injected-server.ts';

// A verdict that changes with load is a false verdict (DESIGN.md, "Sensitivity and specificity of
// the suites"): each timed check below runs while two spinning processes keep both cores busy, and
// must fail its fault (never call it not testable) and pass the reference server (neither fail nor
// call it not testable), every time, at every version. `npm test` runs the short form, one run at
// the latest version; LOADED_RUNS=3 (or more) runs the full form, that many runs of each case at
// every version (about a minute for 3 on two cores, more where other work shares them).
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

describe('timed checks on a busy machine', () => {
  it.each<[string, { given: { check: string; fault?: string }; want: 'failed' | 'passed' }]>([
    [
      'EPH-05: postEphemeral also emits chat.message',
      {
        given: { check: 'eph-05-never-stored', fault: 'ephemeral-emits-chat-message' },
        want: 'failed',
      },
    ],
    [
      'DLV-11: no reaction debounce',
      {
        given: { check: 'dlv-11-reaction-debounce', fault: 'no-reaction-debounce' },
        want: 'failed',
      },
    ],
    ['EPH-05: the reference server', { given: { check: 'eph-05-never-stored' }, want: 'passed' }],
    [
      'DLV-11: the reference server',
      { given: { check: 'dlv-11-reaction-debounce' }, want: 'passed' },
    ],
  ])(
    '%s',
    async (_, { given, want }) => {
      const checks = CHECKS.filter(([id]) => id === given.check);
      const requirement = checks[0]![1].requirements[0];
      const fault = FAULTS.find((f) => f.id === given.fault);
      const versions = FULL ? listVersions() : [listVersions().at(-1)!];
      const results: CheckResult[] = [];
      for (let run = 0; run < Math.max(1, RUNS); run += 1)
        results.push(
          ...(await withInjectedServer(fault?.hooks() ?? {}, (profile) =>
            runVersions(profile, versions, { checks }),
          )),
        );
      const counts = new Map<string, number>();
      for (const { status } of results) counts.set(status, (counts.get(status) ?? 0) + 1);
      console.log(
        `${given.check}, ${given.fault ?? 'no fault'}: ${[...counts].map(([status, n]) => `${status} ${n}`).join(', ')} of ${results.length}`,
      );
      // A fault is caught by a finding of the rule it breaks, not by a side effect of it.
      const judged = (r: CheckResult) =>
        r.status === want &&
        (want === 'passed' ||
          r.diagnostics.some((d) => d.requirement === requirement && d.severity === 'error'));
      expect(
        results
          .filter((r) => !judged(r))
          .map((r) => [r.version, r.status, r.reason ?? r.diagnostics.map((d) => d.message)]),
      ).toEqual([]);
    },
    FULL ? 600_000 : 60_000,
  );
});
