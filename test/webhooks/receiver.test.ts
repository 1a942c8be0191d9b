import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchReceiver, createNodeReceiver, type ReceiverOptions } from '../../src/webhooks/receiver.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSION = '2026-08-25';
const payload = (eventId: string) => ({ type: 'chat.message', eventId, timestamp: 1, apiVersion: VERSION, data: { chatType: 'dm' } });

function signed(id: string, body: string, secret = SECRET): Record<string, string> {
  return { ...signWebhook({ secret, id, timestamp: Math.floor(Date.now() / 1000), body }), 'Service-Version': VERSION, 'content-type': 'application/json' };
}

/** The same cases run against both transports. */
type Send = (headers: Record<string, string>, body: string, method?: string) => Promise<{ status: number; body: any }>;

function receiverCases(name: string, makeSend: (options: ReceiverOptions<typeof VERSION>) => Promise<{ send: Send; close: () => Promise<void> }>) {
  describe(name, () => {
    const handled: string[] = [];
    let failNext = false;
    let harness: { send: Send; close: () => Promise<void> };
    beforeAll(async () => {
      harness = await makeSend({
        secret: SECRET, version: VERSION, dedupe: true,
        onDelivery: (delivery) => {
          if (failNext) throw new Error('database down');
          if (delivery.event === 'chat.message') handled.push(delivery.payload.eventId);
        },
      });
    });
    afterAll(() => harness.close());

    it('DLV-01: accepts a signed, valid delivery with 2xx and hands on the typed payload', async () => {
      const body = JSON.stringify(payload('e1'));
      expect((await harness.send(signed('msg_1', body), body)).status).toBe(204);
      expect(handled).toEqual(['e1']);
    });

    it('DLV-04: hands a retried webhook-id on only once, still acknowledging it', async () => {
      const body = JSON.stringify(payload('e1'));
      expect((await harness.send({ ...signed('msg_1', body), 'Service-Retry-Num': '1', 'Service-Retry-Reason': 'http_5xx' }, body)).status).toBe(204);
      expect(handled).toEqual(['e1']);
    });

    it('DLV-03: refuses a bad signature with 401 naming the rule', async () => {
      const body = JSON.stringify(payload('e2'));
      const answer = await harness.send(signed('msg_2', body, 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXk='), body);
      expect(answer).toMatchObject({ status: 401, body: { error: 'signature_mismatch' } });
    });

    it('DLV-12: refuses an invalid payload with 400 and its diagnostics', async () => {
      const body = JSON.stringify({ ...payload('e3'), apiVersion: '2026-07-07' });
      const answer = await harness.send(signed('msg_3', body), body);
      expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_payload', diagnostics: [expect.objectContaining({ path: '/apiVersion' })] } });
    });

    it('DLV-06: answers 500 when the handler fails, and handles the retry', async () => {
      const body = JSON.stringify(payload('e4'));
      failNext = true;
      expect((await harness.send(signed('msg_4', body), body)).status).toBe(500);
      failNext = false;
      expect((await harness.send(signed('msg_4', body), body)).status).toBe(204);
      expect(handled).toEqual(['e1', 'e4']);
    });

    it('answers 405 to other methods', async () => {
      expect((await harness.send({}, '', 'GET')).status).toBe(405);
    });
  });
}

receiverCases('fetch receiver', async (options) => {
  const receive = createFetchReceiver(options);
  const send: Send = async (headers, body, method = 'POST') => {
    const response = await receive(new Request('http://127.0.0.1/hook', { method, headers, body: method === 'POST' ? body : undefined }));
    return { status: response.status, body: response.status === 204 || response.status === 405 ? undefined : await response.json() };
  };
  return { send, close: async () => {} };
});

receiverCases('node receiver', async (options) => {
  const server = createServer(createNodeReceiver(options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const send: Send = async (headers, body, method = 'POST') => {
    const response = await fetch(url, { method, headers, body: method === 'POST' ? body : undefined });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { send, close: () => new Promise((resolve) => server.close(() => resolve())) };
});
