import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { type CheckResult, runConformance } from '../../../src/conformance/runner.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { withInjectedServer } from '../injected-server.ts';

// DLV-06 judges what the implementation did with a 4xx it got. One whose answer it never got in
// time (a lost or late answer: a transport failure, which DLV-06 retries) is not judged; one it got
// and retried anyway fails.
const checks = CHECKS.filter(([id]) => id === 'dlv-06-attempts');

async function runWith(hooks: FaultHooks): Promise<CheckResult> {
  const [result] = await withInjectedServer(hooks, (profile) =>
    runConformance(profile, loadVersionRegistry().latest, { checks }),
  );
  return result!;
}

/**
 * Each 4xx (not 429) outcome, `times` times per status: lost (a transport failure, as if the answer
 * came late), or made a 5xx.
 */
const clientErrors = (as: 'transport' | 'http_5xx', times = 1): FaultHooks => {
  const seen = new Map<number, number>();
  return {
    outcome: (o) => {
      if (o.kind !== 'rejected' || o.status < 400 || o.status >= 500) return o;
      const count = seen.get(o.status) ?? 0;
      if (count >= times) return o;
      seen.set(o.status, count + 1);
      return { kind: 'retryable', reason: as, status: as === 'transport' ? undefined : o.status };
    },
  };
};

/**
 * The 500 answers of a delivery, `times` deliveries over: the first lost (a transport failure, as if
 * it came late), the second ending the delivery, as a schedule slowed by late answers has not run
 * its course when the check stops waiting.
 */
const serverErrorsLate = (times = 1): FaultHooks => {
  let seen = 0;
  return {
    outcome: (o) => {
      if (o.kind !== 'retryable' || o.status !== 500 || seen >= 2 * times) return o;
      seen += 1;
      return seen % 2 === 1
        ? { kind: 'retryable', reason: 'transport' }
        : { kind: 'rejected', status: 500 };
    },
  };
};

// Each row has a server and a receiver of its own, and most of it waits on the schedule (the rows
// that are not judged wait out every rerun's patience): they run at once.
describe('dlv-06-attempts', () => {
  it.concurrent.each([
    ['passes against the reference server', {}, 'passed'],
    // Measured again: the second time, the answers arrive.
    ['passes when 4xx answers were lost once', clientErrors('transport'), 'passed'],
    ['does not judge 4xx answers lost every time', clientErrors('transport', 99), 'not_testable'],
    ['fails a 4xx retried as a server error', clientErrors('http_5xx'), 'failed'],
    ['passes when 500 answers came late once', serverErrorsLate(), 'passed'],
    ['does not judge 500 answers late every time', serverErrorsLate(99), 'not_testable'],
  ] as const)(
    '%s',
    async (_, hooks, status) => {
      const result = await runWith(hooks);
      expect(result.status, JSON.stringify(result.diagnostics ?? result.reason)).toBe(status);
      if (status === 'not_testable')
        expect(result.reason).toMatch(/retried as (a )?transport failures?/);
    },
    60_000,
  );
});
