import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_BODY_BYTES,
  type ReceiverOptions,
  createNodeReceiver,
  createReceiver,
} from '../../src/webhooks/receiver.ts';
import { createFetchReceiver } from '../../src/webhooks/fetch-receiver.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { type Served, fetchListener, peakGrowth, post, serve } from './http-harness.ts';

// DLV-01: a receiver reads at most maxBodyBytes (1 MiB unless told otherwise) of a body, and no
// byte of it before the signature headers are there: an unsigned or oversized body is refused
// (401, 413) without being buffered, whatever its Content-Length says.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSION = '2026-08-25';
const MIB = 1024 * 1024;
const HUGE = 200 * MIB;

/**
 * A delivery body of exactly `size` bytes that the contract accepts (unknown fields are allowed,
 * DLV-12).
 */
function bodyOf(size: number): string {
  const empty = JSON.stringify({
    type: 'chat.message',
    eventId: 'e1',
    timestamp: 1,
    apiVersion: VERSION,
    data: { chatType: 'dm' },
    pad: '',
  });
  return empty.replace('"pad":""', `"pad":"${'a'.repeat(size - empty.length)}"`);
}

function signed(body = ''): Record<string, string> {
  return {
    ...signWebhook({ secret: SECRET, id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body }),
    'service-version': VERSION,
    'content-type': 'application/json',
  };
}

const options = (
  extra: Partial<ReceiverOptions<typeof VERSION>> = {},
): ReceiverOptions<typeof VERSION> => ({
  secret: SECRET,
  version: VERSION,
  onDelivery: () => {},
  ...extra,
});
const TRANSPORTS: Array<[string, (o: ReceiverOptions<typeof VERSION>) => RequestListener]> = [
  ['node receiver', (o) => createNodeReceiver(o)],
  ['fetch receiver over HTTP', (o) => fetchListener(createFetchReceiver(o))],
];

describe.each(TRANSPORTS)('%s: body limits over real HTTP', (_, listenerOf) => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  interface Row {
    given: { headers: Record<string, string>; withLength: boolean };
    want: { status: number; error: string };
  }
  const huge: Array<[string, Row]> = [
    [
      'a 200 MB signed body with Content-Length: 413 before reading',
      {
        given: { headers: signed(), withLength: true },
        want: { status: 413, error: 'body_too_large' },
      },
    ],
    [
      'a 200 MB signed body, chunked: 413 once past 1 MiB',
      {
        given: { headers: signed(), withLength: false },
        want: { status: 413, error: 'body_too_large' },
      },
    ],
    [
      'a 200 MB body without webhook-signature, chunked: 401 unread',
      {
        given: {
          headers: {
            'webhook-id': 'msg_1',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          },
          withLength: false,
        },
        want: { status: 401, error: 'missing_headers' },
      },
    ],
    [
      'a 200 MB body without any webhook header, with Content-Length: 401 unread',
      { given: { headers: {}, withLength: true }, want: { status: 401, error: 'missing_headers' } },
    ],
    [
      'a 200 MB body signed a day ago, chunked: 401 unread',
      {
        given: {
          headers: {
            ...signed(),
            'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 86_400),
          },
          withLength: false,
        },
        want: { status: 401, error: 'timestamp_too_old' },
      },
    ],
  ];
  it.each(huge)(
    '%s, memory bounded',
    async (_, { given, want }) => {
      served = await serve(listenerOf(options()));
      const url = served.url;
      const { result, arrayBuffers, rss } = await peakGrowth(() =>
        post(url, {
          headers: given.headers,
          stream: { total: HUGE, withLength: given.withLength },
        }),
      );
      // Far less than the body: at most the limit and what the socket had buffered, never 200 MB.
      expect(arrayBuffers).toBeLessThan(32 * MIB);
      expect(rss).toBeLessThan(100 * MIB);
      expect(served.bytesRead[0]).toBeLessThan(8 * MIB);
      expect(result.sent).toBeLessThan(64 * MIB);
      expect(result).toMatchObject({ status: want.status, body: { error: want.error } });
    },
    60_000,
  );

  const sized: Array<
    [string, { given: { size: number; maxBodyBytes?: number; withLength: boolean }; want: number }]
  > = [
    [
      'the default limit: exactly 1 MiB is accepted',
      { given: { size: MIB, withLength: true }, want: 204 },
    ],
    [
      'the default limit: 1 MiB and 1 byte, with Content-Length',
      { given: { size: MIB + 1, withLength: true }, want: 413 },
    ],
    [
      'maxBodyBytes 1024: 1024 bytes, chunked, are accepted',
      { given: { size: 1024, maxBodyBytes: 1024, withLength: false }, want: 204 },
    ],
    [
      'maxBodyBytes 1024: 1025 bytes, chunked',
      { given: { size: 1025, maxBodyBytes: 1024, withLength: false }, want: 413 },
    ],
    [
      'maxBodyBytes 1024: 1025 bytes, with Content-Length',
      { given: { size: 1025, maxBodyBytes: 1024, withLength: true }, want: 413 },
    ],
  ];
  it.each(sized)('%s', async (_, { given, want }) => {
    served = await serve(listenerOf(options({ maxBodyBytes: given.maxBodyBytes })));
    const body = bodyOf(given.size);
    const headers = given.withLength
      ? signed(body)
      : { ...signed(body), 'transfer-encoding': 'chunked' };
    expect((await post(served.url, { headers, body })).status).toBe(want);
  });
});

describe('fetch receiver: a body counted as it is read', () => {
  /** A request whose body is made as it is read, counting what was taken. */
  function lazyRequest(total: number, headers: Record<string, string>) {
    const pulled = { bytes: 0 };
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        pulled.bytes += chunk.length;
        controller.enqueue(chunk.slice());
      },
    });
    return {
      request: new Request('http://127.0.0.1/hook', {
        method: 'POST',
        headers,
        body,
        duplex: 'half',
      } as RequestInit),
      pulled,
    };
  }
  const cases: Array<
    [string, { headers: Record<string, string>; want: { status: number; maxPulled: number } }]
  > = [
    [
      'DLV-01: a 200 MB stream with no length stops after the limit',
      { headers: signed(), want: { status: 413, maxPulled: 2 * MIB } },
    ],
    [
      'DLV-01: a Content-Length that understates the body does not lift the limit',
      {
        headers: { ...signed(), 'content-length': '10' },
        want: { status: 413, maxPulled: 2 * MIB },
      },
    ],
    [
      'DLV-01: a Content-Length over the limit is refused before reading',
      {
        headers: { ...signed(), 'content-length': String(HUGE) },
        want: { status: 413, maxPulled: 64 * 1024 },
      },
    ],
    [
      'DLV-02: an unsigned body is refused before reading',
      { headers: {}, want: { status: 401, maxPulled: 64 * 1024 } },
    ],
  ];
  it.each(cases)('%s', async (_, { headers, want }) => {
    const { request, pulled } = lazyRequest(HUGE, headers);
    const response = await createFetchReceiver(options())(request);
    expect(response.status).toBe(want.status);
    expect(pulled.bytes).toBeLessThanOrEqual(want.maxPulled);
  });
});

it('DLV-01: the documented default limit is 1 MiB', () => {
  expect(DEFAULT_MAX_BODY_BYTES).toBe(MIB);
});

describe('createReceiver: the same limit for a body already read', () => {
  const cases: Array<[string, { body: string | Uint8Array; want: number }]> = [
    ['DLV-01: a string of 1025 bytes over a limit of 1024', { body: bodyOf(1025), want: 413 }],
    [
      'DLV-01: 1025 bytes over a limit of 1024',
      { body: new TextEncoder().encode(bodyOf(1025)), want: 413 },
    ],
    [
      'DLV-01: 1024 bytes within a limit of 1024',
      { body: new TextEncoder().encode(bodyOf(1024)), want: 204 },
    ],
    [
      'DLV-01: 1025 UTF-8 bytes in 1022 characters',
      { body: bodyOf(1024 - 3).replace('"pad":"a', '"pad":"é€'), want: 413 },
    ],
  ];
  it.each(cases)('%s', async (_, { body, want }) => {
    const headers = signed(typeof body === 'string' ? body : new TextDecoder().decode(body));
    expect((await createReceiver(options({ maxBodyBytes: 1024 }))(headers, body)).status).toBe(
      want,
    );
  });
});
