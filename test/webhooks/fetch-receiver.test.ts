import { afterEach, describe, expect, it } from 'vitest';
import { createFetchReceiver } from '../../src/webhooks/fetch-receiver.ts';
import type { ParsedWebhook } from '../../src/webhooks/parse.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { type Served, fetchListener, post, serve } from './http-harness.ts';

// The Fetch API receiver always answers: what it cannot read or did not foresee becomes an answer
// (400, 500), never a rejected promise that a framework would turn into its own error page.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSION = '2026-08-25';
const BODY = JSON.stringify({
  type: 'chat.message',
  eventId: 'evt_1',
  timestamp: 1785312000,
  apiVersion: VERSION,
  data: { chatType: 'dm', text: 'hi' },
});

function signedHeaders(body = BODY): Record<string, string> {
  return {
    ...signWebhook({ secret: SECRET, id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body }),
    'service-version': VERSION,
    'content-type': 'application/json',
  };
}

function erroringStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"type":'));
      controller.error(new Error('connection reset'));
    },
  });
}

describe('createFetchReceiver: an answer for every request', () => {
  const cases: Array<[string, { request: () => Promise<Request> | Request; status: number }]> = [
    [
      'DLV-01: a body another middleware already read is 400 invalid_body',
      {
        request: async () => {
          const request = new Request('http://127.0.0.1/hook', {
            method: 'POST',
            headers: signedHeaders(),
            body: BODY,
          });
          await request.text();
          return request;
        },
        status: 400,
      },
    ],
    [
      'DLV-01: a body cut off by the sender is 400 invalid_body',
      {
        request: () =>
          new Request('http://127.0.0.1/hook', {
            method: 'POST',
            headers: signedHeaders(),
            body: erroringStream(),
            duplex: 'half',
          } as RequestInit),
        status: 400,
      },
    ],
    [
      'DLV-06: a request object that throws when read is a retryable 500',
      {
        request: () =>
          ({
            method: 'POST',
            get headers(): Headers {
              throw new Error('not a real request');
            },
          }) as unknown as Request,
        status: 500,
      },
    ],
  ];
  it.each(cases)('%s', async (_, { request, status }) => {
    const receive = createFetchReceiver({ secret: SECRET, version: VERSION, onDelivery: () => {} });
    const response = await receive(await request());
    expect(response.status).toBe(status);
    if (status !== 204) expect(await response.json()).not.toHaveProperty('stack');
  });
});

describe('createFetchReceiver over real HTTP (Node Request and Response behind a server)', () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it('DLV-01, DLV-03: a signed delivery is accepted and handed on typed', async () => {
    const handled: Array<ParsedWebhook<typeof VERSION>> = [];
    served = await serve(
      fetchListener(
        createFetchReceiver({
          secret: SECRET,
          version: VERSION,
          onDelivery: (delivery) => void handled.push(delivery),
        }),
      ),
    );
    const accepted = await post(served.url, { headers: signedHeaders(), body: BODY });
    const tampered = await post(served.url, {
      headers: signedHeaders(),
      body: BODY.replace('hi', 'ho'),
    });
    expect([accepted.status, tampered.status]).toEqual([204, 401]);
    expect(handled.map((d) => [d.event, d.delivery.webhookId])).toEqual([
      ['chat.message', 'msg_1'],
    ]);
  });
});
