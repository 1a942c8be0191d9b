import { type RequestListener, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createNodeReceiver,
  createReceiver,
  type ReceiverOptions,
} from '../../src/webhooks/receiver.ts';
import { createFetchReceiver } from '../../src/webhooks/fetch-receiver.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { type Served, fetchListener, post, serve } from './http-harness.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSION = '2026-08-25';
const payload = (eventId: string) => ({
  type: 'chat.message',
  eventId,
  timestamp: 1,
  apiVersion: VERSION,
  data: { chatType: 'dm' },
});

function signed(id: string, body: string, secret = SECRET): Record<string, string> {
  return {
    ...signWebhook({ secret, id, timestamp: Math.floor(Date.now() / 1000), body }),
    'Service-Version': VERSION,
    'content-type': 'application/json',
  };
}

/** The same cases run against both transports. */
type Send = (
  headers: Record<string, string>,
  body: string,
  method?: string,
) => Promise<{ status: number; body: any }>;

function receiverCases(
  name: string,
  makeSend: (
    options: ReceiverOptions<typeof VERSION>,
  ) => Promise<{ send: Send; close: () => Promise<void> }>,
) {
  describe(name, () => {
    const handled: string[] = [];
    let failNext = false;
    let harness: { send: Send; close: () => Promise<void> };
    beforeAll(async () => {
      harness = await makeSend({
        secret: SECRET,
        version: VERSION,
        dedupe: true,
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
      expect(
        (
          await harness.send(
            {
              ...signed('msg_1', body),
              'Service-Retry-Num': '1',
              'Service-Retry-Reason': 'http_5xx',
            },
            body,
          )
        ).status,
      ).toBe(204);
      expect(handled).toEqual(['e1']);
    });

    it('DLV-03: refuses a bad signature with 401 naming the rule', async () => {
      const body = JSON.stringify(payload('e2'));
      const answer = await harness.send(
        signed('msg_2', body, 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXk='),
        body,
      );
      expect(answer).toMatchObject({ status: 401, body: { error: 'signature_mismatch' } });
    });

    it('DLV-12: refuses an invalid payload with 400 and its diagnostics', async () => {
      const body = JSON.stringify({ ...payload('e3'), apiVersion: '2026-07-07' });
      const answer = await harness.send(signed('msg_3', body), body);
      expect(answer).toMatchObject({
        status: 400,
        body: {
          error: 'invalid_payload',
          diagnostics: [expect.objectContaining({ location: 'payload/apiVersion' })],
        },
      });
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
    const response = await receive(
      new Request('http://127.0.0.1/hook', {
        method,
        headers,
        body: method === 'POST' ? body : undefined,
      }),
    );
    return {
      status: response.status,
      body: response.status === 204 || response.status === 405 ? undefined : await response.json(),
    };
  };
  return { send, close: async () => {} };
});

receiverCases('node receiver', async (options) => {
  const server = createServer(createNodeReceiver(options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const send: Send = async (headers, body, method = 'POST') => {
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? body : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { send, close: () => new Promise((resolve) => server.close(() => resolve())) };
});

describe('receivers refuse options that cannot work', () => {
  const base = { secret: SECRET, version: VERSION, onDelivery: () => {} };
  const makers: Array<[string, (options: ReceiverOptions<typeof VERSION>) => unknown]> = [
    ['createReceiver', createReceiver],
    ['createNodeReceiver', createNodeReceiver],
    ['createFetchReceiver', createFetchReceiver],
  ];
  const invalid: Array<[string, { given: Record<string, unknown>; want: RegExp }]> = [
    ['AUTH-12: no secret', { given: { secret: undefined }, want: /secret/ }],
    [
      'AUTH-12: an empty list of secrets',
      { given: { secret: undefined, secrets: [] }, want: /secret/ },
    ],
    [
      'AUTH-12: a secret that is not whsec_ base64',
      { given: { secret: 'whsec_not base64!' }, want: /secret.*base64/ },
    ],
    [
      'AUTH-12: a secret without its prefix',
      { given: { secret: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, want: /secret.*whsec_/ },
    ],
    ['AUTH-12: a secret that is not a string', { given: { secret: 42 }, want: /secret/ }],
    [
      'AUTH-12: one bad secret among several',
      { given: { secret: undefined, secrets: [SECRET, 'nope'] }, want: /secrets/ },
    ],
    [
      'DLV-02: tolerance NaN',
      { given: { toleranceSeconds: Number.NaN }, want: /toleranceSeconds/ },
    ],
    [
      'DLV-02: tolerance Infinity',
      { given: { toleranceSeconds: Number.POSITIVE_INFINITY }, want: /toleranceSeconds/ },
    ],
    ['DLV-02: a negative tolerance', { given: { toleranceSeconds: -1 }, want: /toleranceSeconds/ }],
    [
      'DLV-02: a tolerance as text',
      { given: { toleranceSeconds: '300' }, want: /toleranceSeconds/ },
    ],
    ['DLV-01: maxBodyBytes 0', { given: { maxBodyBytes: 0 }, want: /maxBodyBytes/ }],
    ['DLV-01: a negative maxBodyBytes', { given: { maxBodyBytes: -1 }, want: /maxBodyBytes/ }],
    ['DLV-01: maxBodyBytes NaN', { given: { maxBodyBytes: Number.NaN }, want: /maxBodyBytes/ }],
    [
      'DLV-01: maxBodyBytes Infinity',
      { given: { maxBodyBytes: Number.POSITIVE_INFINITY }, want: /maxBodyBytes/ },
    ],
    ['DLV-01: a fractional maxBodyBytes', { given: { maxBodyBytes: 1.5 }, want: /maxBodyBytes/ }],
    ['DLV-01: maxBodyBytes as text', { given: { maxBodyBytes: '1024' }, want: /maxBodyBytes/ }],
    ['DLV-06: no onDelivery', { given: { onDelivery: undefined }, want: /onDelivery/ }],
    ['DLV-04: a dedupe store without has and add', { given: { dedupe: {} }, want: /dedupe/ }],
  ];
  const cases = makers.flatMap(([maker, make]) =>
    invalid.map(([name, row]) => [`${maker}: ${name}`, { make, ...row }] as const),
  );
  it.each(cases)('%s throws a TypeError naming the option', (_, { make, given, want }) => {
    const build = () => make({ ...base, ...given } as ReceiverOptions<typeof VERSION>);
    expect(build).toThrow(TypeError);
    expect(build).toThrow(want);
  });

  const valid: Array<[string, { given: Record<string, unknown> }]> = [
    ['DLV-02: tolerance 0', { given: { toleranceSeconds: 0 } }],
    ['DLV-01: maxBodyBytes 1', { given: { maxBodyBytes: 1 } }],
    [
      'AUTH-12: two secrets while rotating',
      {
        given: {
          secret: undefined,
          secrets: [SECRET, 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXk='],
        },
      },
    ],
    ['DLV-04: a store of your own', { given: { dedupe: { has: () => false, add: () => {} } } }],
  ];
  const validCases = makers.flatMap(([maker, make]) =>
    valid.map(([name, row]) => [`${maker}: ${name}`, { make, ...row }] as const),
  );
  it.each(validCases)('%s is accepted', (_, { make, given }) => {
    expect(() => make({ ...base, ...given } as ReceiverOptions<typeof VERSION>)).not.toThrow();
  });
});

// DLV-12, DLV-04: event names, header names and webhook-ids that are Object.prototype members are
// ordinary unknown names, over real HTTP through both transports: a 400 with an unknown_event
// diagnostic, or a normal answer, and the server keeps serving.
const TRANSPORTS: Array<[string, (options: ReceiverOptions<WebhookVersion>) => RequestListener]> = [
  ['node receiver', (options) => createNodeReceiver(options)],
  ['fetch receiver', (options) => fetchListener(createFetchReceiver(options))],
];

describe.each(TRANSPORTS)('%s: names of Object.prototype members over HTTP', (_, listenerOf) => {
  const handled: string[] = [];
  let served: Served | undefined;
  const start = async (extra: Partial<ReceiverOptions<WebhookVersion>> = {}) => {
    served = await serve(
      listenerOf({
        secret: SECRET,
        version: VERSION,
        dedupe: true,
        onDelivery: (d) => void handled.push(d.delivery.webhookId!),
        ...extra,
      }),
    );
    return served.url;
  };
  const deliver = (url: string, id: string, body: string, headers: Record<string, string> = {}) =>
    post(url, { headers: { ...signed(id, body), ...headers }, body });
  afterEach(async () => {
    await served?.close();
    served = undefined;
    handled.length = 0;
  });

  const envelopeOf = (type: string) => JSON.stringify({ ...payload('e1'), type });
  const unknownEvent = {
    status: 400,
    body: {
      error: 'invalid_payload',
      diagnostics: [expect.objectContaining({ rule: 'unknown_event', requirement: 'DLV-12' })],
    },
  };
  const rows = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [
          `DLV-12: an envelope of type "${name}"`,
          { given: { options: {}, body: envelopeOf(name), headers: {} }, want: unknownEvent },
        ],
        [
          `DLV-12: a v0 receiver for event "${name}"`,
          {
            given: { options: { version: 'v0' as const, event: name }, body: '{}', headers: {} },
            want: unknownEvent,
          },
        ],
        [
          `DLV-12: a baseline receiver for event "${name}"`,
          {
            given: {
              options: { version: '2026-06-01' as const, event: name },
              body: '{}',
              headers: { 'Service-Version': '2026-06-01' },
            },
            want: unknownEvent,
          },
        ],
        [
          `DLV-02: a header named "${name}"`,
          {
            given: { options: {}, body: JSON.stringify(payload('e1')), headers: { [name]: 'x' } },
            want: { status: 204 },
          },
        ],
        [
          `DLV-02: a header named "${name.toUpperCase()}"`,
          {
            given: {
              options: {},
              body: JSON.stringify(payload('e1')),
              headers: { [name.toUpperCase()]: 'x' },
            },
            want: { status: 204 },
          },
        ],
      ] as const,
  );
  it.each(rows)('%s', async (_, { given, want }) => {
    const url = await start(given.options);
    expect(await deliver(url, 'msg_1', given.body, given.headers)).toMatchObject(want);
    // Still serving, and answering the same way: nothing was thrown or left behind.
    expect(await deliver(url, 'msg_2', given.body, given.headers)).toMatchObject(want);
  });

  it.each(PROTOTYPE_NAMES.map((name) => [name]))(
    'DLV-04: webhook-id "%s" is handled once, and only its own retry is skipped',
    async (name) => {
      const url = await start();
      const body = JSON.stringify(payload('e1'));
      expect((await deliver(url, name, body)).status).toBe(204);
      expect(
        (
          await deliver(url, name, body, {
            'Service-Retry-Num': '1',
            'Service-Retry-Reason': 'http_5xx',
          })
        ).status,
      ).toBe(204);
      expect((await deliver(url, `${name}_2`, body)).status).toBe(204);
      expect(handled).toEqual([name, `${name}_2`]);
    },
  );
});

// DLV-06: whatever fails after verification answers 500 (retried), with a fixed message: the
// handler's or the store's error may name files or hosts. Nothing becomes an unhandled rejection.
describe.each(TRANSPORTS)('%s: failures after verification over HTTP', (_, listenerOf) => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });
  const secretError = () => new Error('ENOENT: /srv/app/secret-config.json');
  const rows: Array<[string, { given: Partial<ReceiverOptions<WebhookVersion>> }]> = [
    [
      'a handler that throws',
      {
        given: {
          onDelivery: () => {
            throw secretError();
          },
        },
      },
    ],
    ['a handler that rejects', { given: { onDelivery: () => Promise.reject(secretError()) } }],
    [
      'a dedupe store whose has throws',
      {
        given: {
          dedupe: {
            has: () => {
              throw secretError();
            },
            add: () => {},
          },
        },
      },
    ],
    [
      'a dedupe store whose add rejects',
      { given: { dedupe: { has: () => false, add: () => Promise.reject(secretError()) } } },
    ],
  ];
  it.each(rows)('%s: 500 handler_failed without its message, twice', async (_, { given }) => {
    served = await serve(
      listenerOf({ secret: SECRET, version: VERSION, onDelivery: () => {}, ...given }),
    );
    const body = JSON.stringify(payload('e1'));
    for (const id of ['msg_1', 'msg_2']) {
      const answer = await post(served.url, { headers: signed(id, body), body });
      expect(answer).toMatchObject({ status: 500, body: { error: 'handler_failed' } });
      expect(JSON.stringify(answer.body)).not.toMatch(/ENOENT|\/srv/);
    }
  });
});
