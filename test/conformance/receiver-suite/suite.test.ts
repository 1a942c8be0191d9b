import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RECEIVER_CHECKS } from '../../../src/conformance/receiver-suite/checks/index.ts';
import { UNAUTHORIZED_HINT } from '../../../src/conformance/receiver-suite/unauthorized-hint.ts';
import {
  runReceiverSuite,
  selectReceiverChecks,
} from '../../../src/conformance/receiver-suite/runner.ts';
import { listVersions, loadVersionRegistry } from '../../../src/versions.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';
import { type Served, serve } from '../../webhooks/http-harness.ts';
import {
  FAULTY,
  SECRET,
  SECRET_AS_TEXT,
  SHAPE_BLIND,
  URL_TEMPLATE,
  fetchReceiver,
  nodeReceiver,
} from './receivers.ts';
import {
  plainHmacReceiver,
  standardWebhooksReceiver,
  svixReceiver,
} from './third-party-receivers.ts';

const ALL = ['v0', ...listVersions()] as WebhookVersion[];
const LATEST = loadVersionRegistry().latest as WebhookVersion;
const DEFAULT_SET = selectReceiverChecks(undefined);

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function run(
  listener: RequestListener,
  versions: readonly WebhookVersion[],
  checks = DEFAULT_SET,
) {
  served = await serve(listener);
  const url = served.url.replace(/\/hook$/, URL_TEMPLATE);
  return runReceiverSuite({ url, secret: SECRET, versions, checks });
}

const notPassed = (results: Awaited<ReturnType<typeof run>>) =>
  results
    .filter((r) => r.status !== 'passed')
    .map((r) => [r.version, r.check, r.diagnostics, r.reason]);

describe('the receiver suite against correct receivers built on the library', () => {
  it.each([
    ['createNodeReceiver', nodeReceiver],
    ['createFetchReceiver', fetchReceiver],
  ])('%s passes every check at every version', async (_, listener) => {
    const results = await run(listener(), ALL);
    expect(notPassed(results)).toEqual([]);
    expect(results).toHaveLength(ALL.length * DEFAULT_SET.length);
  });
});

// Receivers as other libraries' documentation writes them: they verify and acknowledge, and know
// nothing of versions. The specification asks no more of a receiver, so nothing may fail them (DLV-01,
// DLV-03, VER-07).
describe('the receiver suite against correct receivers built without this package', () => {
  it.each([
    ['standardwebhooks (Express-style raw body)', standardWebhooksReceiver],
    ['svix (a Fetch API handler, as on Hono)', svixReceiver],
    ['node:http with its own HMAC (node:crypto)', plainHmacReceiver],
  ])('%s passes every check at every version, the latest included', async (_, listener) => {
    const results = await run(listener(), ALL);
    expect(ALL).toContain(LATEST);
    expect(notPassed(results)).toEqual([]);
    // Not one warning either: what they answer is what the specification asks.
    expect(results.flatMap((r) => r.diagnostics)).toEqual([]);
  });
});

describe('the receiver suite against receivers with one bug each', () => {
  it.each(FAULTY)('%s fails exactly its check', async (_, { listener, fails, versions }) => {
    // v0 and one dated, enveloped version: bare and enveloped shapes both, unless told otherwise.
    const at = versions ?? ['v0', LATEST];
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

it('has a faulty receiver for every check of the default set, so each check is shown to fail', () => {
  const failed = new Set(FAULTY.flatMap(([, { fails }]) => fails));
  expect(DEFAULT_SET.map(([id]) => id).filter((id) => !failed.has(id))).toEqual([]);
});

describe('the opt-in checks', () => {
  const optIn = RECEIVER_CHECKS.filter(([, check]) => check.optIn);

  it('are the shape check alone, out of the default set, selected only by their id', () => {
    expect(optIn.map(([id]) => id)).toEqual(['ver-08-shape-by-version']);
    for (const [id, check] of optIn) {
      expect(DEFAULT_SET.map(([i]) => i)).not.toContain(id);
      expect(selectReceiverChecks([id])).toEqual([[id, check]]);
      for (const requirement of check.requirements)
        expect(selectReceiverChecks([requirement]).map(([i]) => i)).not.toContain(id);
    }
  });

  it.each([
    ['a receiver that verifies only: warned, not failed', SHAPE_BLIND, true],
    ['createNodeReceiver, which parses by version: nothing to say', nodeReceiver, false],
  ])('%s', async (_, listener, warned) => {
    const results = await run(listener(), ['v0', LATEST], optIn);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    const diagnostics = results.flatMap((r) => r.diagnostics);
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(diagnostics.length > 0).toBe(warned);
  });
});

describe('the hint to a receiver that answers 401 to every valid delivery', () => {
  const faulty = (name: string) => FAULTY.find(([n]) => n.includes(name))![1].listener;
  it.each([
    [
      'it takes the text of the secret as the key: every failed check says why',
      SECRET_AS_TEXT,
      true,
    ],
    [
      'it verifies re-serialized JSON: some valid deliveries pass, no hint',
      faulty('re-serialized'),
      false,
    ],
    ['it accepts only the first signature: no hint', faulty('first signature'), false],
  ])('%s', async (_, listener, hinted) => {
    const results = await run(listener(), [LATEST]);
    const failed = results.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    const withHint = failed.filter((r) =>
      r.diagnostics.some((d) => d.message.includes(UNAUTHORIZED_HINT)),
    );
    expect(withHint).toEqual(hinted ? failed : []);
  });
});
