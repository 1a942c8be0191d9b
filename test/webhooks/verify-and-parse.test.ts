import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyAndParseWebhook } from '../../src/webhooks/verify-and-parse.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBhcHAhIQ==';
const VERSION = '2026-08-25';
const envelope = (data: unknown) => JSON.stringify({ type: 'chat.message', eventId: 'evt_1', timestamp: 1, apiVersion: VERSION, data });
const signed = (body: string, extra: Record<string, string> = {}) => ({
  ...signWebhook({ secret: SECRET, id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body }),
  'Service-Version': VERSION,
  ...extra,
});

describe('verifyAndParseWebhook', () => {
  it('DLV-03, DLV-12: a signed, valid delivery gives the typed payload and its metadata', () => {
    const body = envelope({ chatType: 'dm', text: 'hi' });
    const result = verifyAndParseWebhook({ secret: SECRET, version: VERSION, headers: signed(body, { 'Service-Retry-Num': '2', 'Service-Retry-Reason': 'http_429' }), body });
    expect(result).toMatchObject({ ok: true, event: 'chat.message', payload: { data: { text: 'hi' } }, delivery: { webhookId: 'msg_1', attempt: 3, retryReason: 'http_429', serviceVersion: VERSION } });
  });

  const failures: Array<[string, { secret: string; body: string; headersOf?: string; want: Record<string, unknown> }]> = [
    ['DLV-03: another secret is not verified, and the body is not parsed', { secret: OTHER, body: 'not json', want: { ok: false, verified: false, reason: 'signature_mismatch' } }],
    ['DLV-03: a body changed after signing', { secret: SECRET, body: envelope({ chatType: 'dm' }), headersOf: envelope({ chatType: 'group' }), want: { ok: false, verified: false, reason: 'signature_mismatch' } }],
    ['DLV-12: a verified body the contract rejects', { secret: SECRET, body: envelope({ chatType: 'channel' }), want: { ok: false, diagnostics: [expect.objectContaining({ code: 'invalid_payload', path: '/data/chatType' })] } }],
  ];
  it.each(failures)('%s', (_, { secret, body, headersOf, want }) => {
    expect(verifyAndParseWebhook({ secret, version: VERSION, headers: signed(headersOf ?? body), body })).toMatchObject(want);
  });

  it('VER-14: a Service-Version of another version is reported', () => {
    const body = envelope({ chatType: 'dm' });
    const result = verifyAndParseWebhook({ secret: SECRET, version: VERSION, headers: signed(body, { 'Service-Version': '2026-08-20' }), body });
    expect(result).toMatchObject({ ok: false, diagnostics: [expect.objectContaining({ code: 'version_mismatch' })] });
  });
});
