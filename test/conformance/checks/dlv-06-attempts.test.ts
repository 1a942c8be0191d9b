import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { attemptCount, byWebhookId } from '../../../src/conformance/checks/dlv-06-attempts.ts';
import type { Received } from '../../../src/conformance/receiver.ts';
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

describe('dlv-06-attempts', () => {
  it.each([
    ['passes against the reference server', {}, 'passed'],
    // Measured again: the second time, the answers arrive.
    ['passes when 4xx answers were lost once', clientErrors('transport'), 'passed'],
    ['does not judge 4xx answers lost every time', clientErrors('transport', 99), 'not_testable'],
    ['fails a 4xx retried as a server error', clientErrors('http_5xx'), 'failed'],
  ] as const)(
    '%s',
    async (_, hooks, status) => {
      const result = await runWith(hooks);
      expect(result.status, JSON.stringify(result.diagnostics ?? result.reason)).toBe(status);
      if (status === 'not_testable')
        expect(result.reason).toMatch(/retried as a transport failure/);
    },
    60_000,
  );
});

/** An attempt as the receiver records it: its webhook-id and the retry it says it is. */
const attempt = (id: string, retry?: string): Received => ({
  method: 'POST',
  headers: {
    'webhook-id': id,
    ...(retry ? { 'service-retry-num': retry, 'service-retry-reason': 'transport' } : {}),
  },
  body: '{}',
  receivedAt: 0,
});

describe('byWebhookId', () => {
  it.each([
    ['in order of arrival', ['a', 'a1', 'b'], [['a', 'a1'], ['b']]],
    // A first attempt the suite's receiver took too late is abandoned and retried (DLV-08), and may
    // be read after its retry: it is still the first, so the retry is seen as one.
    ['a first attempt read after its retry', ['a1', 'b', 'a'], [['a', 'a1'], ['b']]],
    ['retries read out of order', ['a2', 'a1', 'a', 'a3'], [['a', 'a1', 'a2', 'a3']]],
    ['an unreadable retry number counts as a first attempt', ['ax', 'a'], [['ax', 'a']]],
  ])('groups and orders %s', (_, arrived, want) => {
    const received = arrived.map((name) => attempt(name[0]!, name.slice(1) || undefined));
    const names = byWebhookId(received).map((delivery) =>
      delivery.map((r) => `${r.headers['webhook-id']}${r.headers['service-retry-num'] ?? ''}`),
    );
    expect(names).toEqual(want);
  });
});

describe('attemptCount', () => {
  it.each([
    ['every attempt read', ['a', 'a1', 'a2', 'a3'], 4],
    // The first attempt lost on the suite's side: its retries say it was made.
    ['the first never read', ['a1', 'a2', 'a3'], 4],
    ['a first attempt alone', ['a'], 1],
    ['a fifth attempt', ['a', 'a1', 'a2', 'a3', 'a4'], 5],
    ['retries without numbers count as read', ['a', 'a', 'a'], 3],
  ])('%s: %i', (_, arrived, want) => {
    const received = arrived.map((name) => attempt(name[0]!, name.slice(1) || undefined));
    expect(attemptCount(received)).toBe(want);
  });
});
