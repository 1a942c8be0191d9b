import { describe, expect, it } from 'vitest';
import { deliveryFindings } from '../../../src/conformance/reach/delivery-findings.ts';
import type { Hook } from '../../../src/conformance/callback/receiver.ts';

const hookOf = (...payloads: unknown[]): Hook => ({
  url: 'http://127.0.0.1/hook/1',
  received: payloads.map((p) => ({
    method: 'POST',
    headers: {},
    body: typeof p === 'string' ? p : JSON.stringify(p),
    receivedAt: 0,
  })),
});
const envelope = (type: string, data: Record<string, unknown>) => ({
  type,
  eventId: 'evt_1',
  timestamp: '2026-08-25T09:30:00Z',
  apiVersion: '2026-08-25',
  data,
});
const TRANSCRIPT = {
  id: '9f0e1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  meetingId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  start: '2026-08-01T09:30:00Z',
  location: 'Weekly sync',
};

describe('deliveryFindings', () => {
  it('finds nothing in deliveries that keep their contract', () => {
    const hook = hookOf(envelope('chat.message', { chatType: 'group', text: 'hi' }));
    expect(deliveryFindings({ event: 'chat.message', version: '2026-08-25' }, hook)).toEqual([]);
    const v0 = hookOf(TRANSCRIPT);
    expect(deliveryFindings({ event: 'transcript:started', version: 'v0' }, v0)).toEqual([]);
  });

  it('holds a v1 payload to its schema (DLV-12)', () => {
    const hook = hookOf(envelope('chat.message', { chatType: 'thread' }));
    const found = deliveryFindings({ event: 'chat.message', version: '2026-08-25' }, hook);
    expect(found.map((f) => [f.requirement, f.location])).toEqual([
      ['DLV-12', 'payload/data/chatType'],
    ]);
  });

  it('holds an envelope to the event the hook subscribed to (VER-08)', () => {
    const hook = hookOf(envelope('token.revoked', {}));
    const found = deliveryFindings({ event: 'meeting.ended', version: '2026-08-25' }, hook);
    expect(found.map((f) => [f.requirement, f.rule, f.location])).toEqual([
      ['VER-08', 'event_mismatch', 'payload/type'],
    ]);
  });

  it('holds a bare payload to the schema of the event it was subscribed by (v0, baseline)', () => {
    const { meetingId: _, ...noMeeting } = TRANSCRIPT;
    const v0 = deliveryFindings({ event: 'transcript:started', version: 'v0' }, hookOf(noMeeting));
    expect(v0.map((f) => f.requirement)).toEqual(['DLV-12']);
    const bare = hookOf({ chatType: 'thread' });
    const baseline = deliveryFindings({ event: 'chat.message', version: '2026-06-01' }, bare);
    expect(baseline.map((f) => f.location)).toEqual(['payload/chatType']);
  });

  it('names a problem once, with every attempt that showed it', () => {
    const bad = envelope('chat.message', { chatType: 'thread' });
    const hook = hookOf(bad, envelope('chat.message', { chatType: 'dm' }), bad);
    const found = deliveryFindings({ event: 'chat.message', version: '2026-08-25' }, hook);
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/^chat\.message delivery 1, 3 breaks the 2026-08-25/);
  });

  it('reports a body that is not JSON, never throwing', () => {
    const found = deliveryFindings({ event: 'meeting.ended', version: '2026-08-25' }, hookOf('{'));
    expect(found.map((f) => f.rule)).toEqual(['invalid_json']);
  });
});
