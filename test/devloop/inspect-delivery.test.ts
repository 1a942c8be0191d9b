import { describe, expect, it } from 'vitest';
import { inspectDelivery } from '../../src/devloop/inspect-delivery.ts';
import { signedDelivery } from '../../src/webhooks/signed-delivery.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_dGhlIG90aGVyIHNlY3JldCBvZiBhbm90aGVyIGFwcA==';
const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
const MESSAGE = {
  type: 'chat.message',
  eventId: 'evt_1',
  timestamp: 1785312000,
  apiVersion: '2026-08-25',
  data: { chatType: 'dm', text: 'Hi' },
};

interface Case {
  name: string;
  payload: unknown;
  version?: WebhookVersion;
  secret?: string;
  path?: string;
  expected?: WebhookVersion;
  headers?: Record<string, string | undefined>;
  report: Record<string, unknown>;
  rules?: string[];
}

const CASES: Case[] = [
  {
    name: 'a verified, valid enveloped delivery',
    payload: MESSAGE,
    report: {
      event: 'chat.message',
      version: '2026-08-25',
      signature: 'verified',
      ok: true,
      attempt: 1,
      eventId: 'evt_1',
    },
    rules: [],
  },
  {
    name: 'another secret',
    payload: MESSAGE,
    secret: OTHER,
    report: { event: 'chat.message', signature: 'signature_mismatch', ok: false },
    rules: ['signature_mismatch'],
  },
  {
    name: 'a payload the schema rejects',
    payload: { ...MESSAGE, data: { chatType: 'channel', text: 'Hi' } },
    report: { event: 'chat.message', signature: 'verified', ok: false },
    rules: ['invalid_payload'],
  },
  {
    name: 'a retry',
    payload: MESSAGE,
    headers: { 'service-retry-num': '3', 'service-retry-reason': 'transport' },
    report: { attempt: 4, retryReason: 'transport', ok: true },
  },
  {
    name: 'a retry number without a reason',
    payload: MESSAGE,
    headers: { 'service-retry-num': '1' },
    report: { ok: false },
    rules: ['retry_headers'],
  },
  {
    name: 'a v0 delivery named by the path',
    payload: { id: 'x' },
    version: 'v0',
    path: '/hooks/transcript%3Astarted',
    report: { event: 'transcript:started', version: 'v0', ok: false },
    rules: ['invalid_payload'],
  },
  {
    name: 'a v0 delivery the path does not name',
    payload: { id: 'x' },
    version: 'v0',
    path: '/hooks',
    report: { version: 'v0', ok: true, candidates: expect.arrayContaining(['recording:saved']) },
  },
  {
    name: 'a v0 payload that fits no event',
    payload: [],
    version: 'v0',
    report: { ok: false },
    rules: ['invalid_payload'],
  },
  {
    name: 'a version other than the one expected',
    payload: MESSAGE,
    expected: '2026-07-07',
    report: { version: '2026-08-25', ok: false },
    rules: ['version_mismatch'],
  },
  {
    name: 'a dated delivery without Service-Version',
    payload: MESSAGE,
    expected: '2026-08-25',
    headers: { 'service-version': undefined },
    report: { version: '2026-08-25', ok: false },
    rules: ['missing_headers'],
  },
  {
    name: 'legacy group and broadcast mentions at a subteam version (VER-10)',
    payload: { ...MESSAGE, data: { chatType: 'group', text: `hi <@G-${GROUP}> and <@all>` } },
    report: { event: 'chat.message', signature: 'verified', ok: false },
    rules: ['mention_grammar'],
  },
  {
    name: 'subteam mentions and a person at a subteam version',
    payload: {
      ...MESSAGE,
      data: { chatType: 'group', text: `<!subteam^${GROUP}> <!channel> <@${PERSON}>` },
    },
    report: { event: 'chat.message', ok: true },
    rules: [],
  },
  {
    name: 'subteam mentions in a baseline payload named by the path (VER-10)',
    payload: { chatType: 'group', text: `hi <!subteam^${GROUP}>` },
    version: '2026-06-01',
    path: '/hooks/chat.message',
    report: { event: 'chat.message', version: '2026-06-01', ok: false },
    rules: ['mention_grammar'],
  },
  {
    name: 'an unknown Service-Version',
    payload: MESSAGE,
    headers: { 'service-version': '2020-01-01' },
    report: { version: '2020-01-01', ok: false },
    rules: ['unknown_version'],
  },
];

describe('inspectDelivery', () => {
  it.each(CASES)('reports $name', (each) => {
    const delivery = signedDelivery({
      secret: each.secret ?? SECRET,
      version: each.version ?? '2026-08-25',
      payload: each.payload,
    });
    const headers = { ...delivery.headers, ...each.headers };
    const report = inspectDelivery(headers, delivery.body, each.path ?? '/', {
      secret: SECRET,
      version: each.expected,
    });
    expect(report).toMatchObject({ webhookId: delivery.headers['webhook-id'], ...each.report });
    if (each.rules) expect([...new Set(report.diagnostics.map((d) => d.rule))]).toEqual(each.rules);
  });

  it('reports a body that is not JSON and a delivery without signature headers', () => {
    const report = inspectDelivery({}, Buffer.from('{'), '/', { secret: SECRET });
    expect(report).toMatchObject({ version: 'v0', signature: 'missing_headers', ok: false });
    expect(report.diagnostics.map((d) => d.rule)).toContain('invalid_json');
  });
});
