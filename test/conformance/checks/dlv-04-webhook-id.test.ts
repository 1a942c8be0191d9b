import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { APP, seedWorkspace } from '../../../src/reference/fixtures.ts';
import { signWebhook } from '../../../src/webhooks/sign.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { withInjectedServer } from '../injected-server.ts';

// DLV-04 holds envelope eventIds to one per event (VER-08.event-id). A payload that is bare at an
// enveloped version has no eventId: that is the envelope schema's finding, not two events sharing
// one.
const checks = CHECKS.filter(([id]) => id === 'dlv-04-webhook-id');
/** The reference app's signing secret: the bare payloads are signed again, so only their shape departs. */
const SECRET = seedWorkspace().apps[APP]!.signingSecret;

/** Every enveloped payload sent as its bare `data`, signed again. */
const bare: FaultHooks = {
  attempt: (a) => {
    const payload = JSON.parse(a.body);
    if (!payload?.data) return a;
    const body = JSON.stringify(payload.data);
    const [id, timestamp] = [a.headers['webhook-id']!, Number(a.headers['webhook-timestamp'])];
    return {
      ...a,
      body,
      headers: { ...a.headers, ...signWebhook({ secret: SECRET, id, timestamp, body }) },
    };
  },
};

describe('dlv-04-webhook-id', () => {
  it('says nothing of shared eventIds where payloads carry none', async () => {
    const [result] = await withInjectedServer(bare, (profile) =>
      runConformance(profile, loadVersionRegistry().latest, { checks }),
    );
    const messages = result!.diagnostics.map((d) => d.message);
    expect(messages.filter((m) => /eventId/.test(m))).toEqual([]);
    // The bare payloads are still found wanting, by their schema.
    expect(result!.status).toBe('failed');
  }, 60_000);
});
