import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EVENTS } from '../../src/conformance/reach/sample-events.ts';
import { APP, seedWorkspace } from '../../src/reference/fixtures.ts';
import { deliveryApi } from '../support/delivery-harness.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { stop } from './cli-process.ts';
import { type Listening, startListen } from './listen-process.ts';

// `listen` as the destination of reference-server subscriptions: the service's own deliveries,
// v1 at a pinned version and v0 with the event in the path, verified with the app's secret.
const reference = useReferenceServer({ timeScale: 600 });
const TOKEN = 'sk-2026-08-25';
let listening: Listening;

beforeAll(async () => {
  const secret = seedWorkspace().apps[APP]!.signingSecret;
  listening = await startListen(['--secret', secret, '--json']);
});
afterAll(async () => {
  if (listening) await stop(listening.child);
});

describe('listen as the destination of a reference-server subscription', () => {
  it('verifies and validates the deliveries of a v1 and a v0 subscription', async () => {
    const api = deliveryApi(() => reference.server.url);
    const v1 = await api.call('/v1/webhook.subscribe', {
      token: TOKEN,
      body: { event: 'meeting.ended', url: `${listening.url}/hook`, apiVersion: '2026-07-07' },
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v0 = await api.call('/v0/webhook.subscribe', {
      token: TOKEN,
      body: { event: 'transcript:started', url: `${listening.url}/transcript:started` },
    });
    expect(v0.status, JSON.stringify(v0.body)).toBe(200);
    for (const event of [
      { generation: 'v1' as const, type: 'meeting.ended', data: SAMPLE_EVENTS.meetingEnded('m-1') },
      {
        generation: 'v0' as const,
        type: 'transcript:started',
        data: SAMPLE_EVENTS.transcriptStarted(),
      },
    ]) {
      const emitted = await reference.server.dispatcher.emit(APP, event);
      const reports = await emitted.settled;
      expect(reports).toEqual([expect.objectContaining({ outcome: 'acknowledged' })]);
    }
    const records = await listening.records(2);
    expect(records).toEqual([
      expect.objectContaining({
        event: 'meeting.ended',
        version: '2026-07-07',
        signature: 'verified',
        ok: true,
        answer: { status: 204 },
      }),
      expect.objectContaining({
        event: 'transcript:started',
        version: 'v0',
        signature: 'verified',
        ok: true,
        answer: { status: 204 },
      }),
    ]);
  });
});
