import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RECEIVER_CHECKS } from '../../../src/conformance/receiver-suite/checks/index.ts';
import { runReceiverSuite } from '../../../src/conformance/receiver-suite/runner.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';
import { type Served, serve } from '../../webhooks/http-harness.ts';
import { FAULTY, SECRET, URL_TEMPLATE, fetchReceiver, nodeReceiver } from './receivers.ts';

const ALL: WebhookVersion[] = [
  'v0',
  '2026-06-01',
  '2026-07-07',
  '2026-07-23',
  '2026-08-07',
  '2026-08-20',
  '2026-08-25',
];

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function run(listener: RequestListener, versions: WebhookVersion[]) {
  served = await serve(listener);
  const url = served.url.replace(/\/hook$/, URL_TEMPLATE);
  return runReceiverSuite({ url, secret: SECRET, versions });
}

describe('the receiver suite against correct receivers built on the library', () => {
  it.each([
    ['createNodeReceiver', nodeReceiver],
    ['createFetchReceiver', fetchReceiver],
  ])('%s passes every check at every version', async (_, listener) => {
    const results = await run(listener(), ALL);
    const notPassed = results.filter((r) => r.status !== 'passed');
    expect(notPassed.map((r) => [r.version, r.check, r.diagnostics, r.reason])).toEqual([]);
    expect(results).toHaveLength(ALL.length * 10);
  });
});

describe('the receiver suite against receivers with one bug each', () => {
  it.each(FAULTY)('%s fails exactly its check', async (_, { listener, fails, versions }) => {
    // v0 and one dated, enveloped version: bare and enveloped shapes both, unless told otherwise.
    const at = versions ?? ['v0', '2026-08-25'];
    const results = await run(listener(), at);
    const failed = results.filter((r) => r.status === 'failed');
    expect([...new Set(failed.map((r) => r.check))].sort()).toEqual([...fails].sort());
    // Each version fails it, and says why with the check's id and a requirement.
    expect(failed).toHaveLength(fails.length * at.length);
    for (const result of failed) {
      expect(result.diagnostics[0]).toMatchObject({ rule: result.check, severity: 'error' });
      // The finding names a requirement of its check, so the summary fails that requirement.
      expect(result.requirements).toContain(result.diagnostics[0]!.requirement);
    }
    expect(results.filter((r) => r.status !== 'failed').every((r) => r.status === 'passed')).toBe(
      true,
    );
  });
});

it('has a faulty receiver for every check, so each check is shown to fail', () => {
  const failed = new Set(FAULTY.flatMap(([, { fails }]) => fails));
  expect(RECEIVER_CHECKS.map(([id]) => id).filter((id) => !failed.has(id))).toEqual([]);
});
