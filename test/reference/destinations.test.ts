import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENTS } from '../../src/conformance/reach/sample-events.ts';
import { APP } from '../../src/reference/fixtures.ts';
import { OK, deliveryApi } from '../support/delivery-harness.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// SUB-03 over real HTTP: one destination policy for v0 and v1 subscribe, and again for the address
// each delivery connects to. Names resolve through a lookup of the test's own, so a public-looking
// name can point at loopback without touching real DNS.
const NAMES = new Map([
  ['hooks.example.com', '127.0.0.1'],
  ['hooks.localhost', '127.0.0.1'],
  ['metadata-alias.example.com', '169.254.169.254'],
]);
const lookup: LookupFunction = (hostname, options, callback) => {
  const address = NAMES.get(hostname);
  if (!address)
    return callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      '',
      0,
    );
  if (options.all)
    return (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
      { address, family: 4 },
    ]);
  return callback(null, address, 4);
};
const strict = useReferenceServer({
  allowLocalDestinations: false,
  triggerEvents: true,
  timeScale: 600,
  lookup,
});
const local = useReferenceServer({
  allowLocalDestinations: true,
  triggerEvents: true,
  timeScale: 600,
  lookup,
});
const TOKEN = 'sk-2026-08-25';

type Row = [string, { url: string; local: boolean }];
const rows: Row[] = [
  ['loopback', { url: 'https://127.0.0.1/a', local: true }],
  ['loopback in decimal', { url: 'https://2130706433/a', local: true }],
  ['loopback in hex', { url: 'https://0x7f.1/a', local: true }],
  ['loopback in octal', { url: 'https://0177.0.0.1/a', local: true }],
  ['loopback IPv6', { url: 'https://[::1]/a', local: true }],
  ['loopback IPv4-mapped', { url: 'https://[::ffff:127.0.0.1]/a', local: true }],
  ['localhost', { url: 'https://localhost/a', local: true }],
  ['private 10/8', { url: 'https://10.0.0.8/a', local: true }],
  ['private 172.16/12', { url: 'https://172.16.5.4/a', local: true }],
  ['private 192.168/16', { url: 'https://192.168.1.1/a', local: true }],
  ['CGNAT 100.64/10', { url: 'https://100.64.1.1/a', local: true }],
  ['unique local fc00::/7', { url: 'https://[fc00::5]/a', local: true }],
  ['plain HTTP to loopback', { url: 'http://127.0.0.1:9999/a', local: true }],
  ['link-local', { url: 'https://169.254.3.4/a', local: false }],
  ['link-local IPv6', { url: 'https://[fe80::9]/a', local: false }],
  ['the metadata address', { url: 'https://169.254.169.254/latest/meta-data/', local: false }],
  [
    'the metadata address in decimal',
    { url: 'https://2852039166/latest/meta-data/', local: false },
  ],
  ['the metadata address IPv4-mapped', { url: 'https://[::ffff:a9fe:a9fe]/', local: false }],
  ['the IPv6 metadata address', { url: 'https://[fd00:ec2::254]/', local: false }],
  [
    'the metadata name',
    { url: 'https://metadata.google.internal/computeMetadata/v1/', local: false },
  ],
  ['unspecified', { url: 'https://0.0.0.0/a', local: false }],
  ['unspecified IPv6', { url: 'https://[::]/a', local: false }],
  ['credentials', { url: 'https://user:pass@hooks.example.com/a', local: false }],
  ['CR and LF', { url: 'https://hooks.example.com/a\r\nx: y', local: false }],
  ['a backslash', { url: 'https://hooks.example.com\\@127.0.0.1/a', local: false }],
  ['plain HTTP to a public name', { url: 'http://hooks.example.com/a', local: false }],
];
const SUBSCRIBE = {
  v0: {
    body: (url: string) => ({ event: 'lobby:booked', url }),
    refused: { code: 'invalid_parameter' },
  },
  v1: {
    body: (url: string) => ({ event: 'meeting.ended', url }),
    refused: { error: 'invalid_parameter' },
  },
} as const;

describe.each(['v0', 'v1'] as const)('%s subscribe', (generation) => {
  it.each(rows)('%s', async (_, { url, local: localOnly }) => {
    const { body, refused } = SUBSCRIBE[generation];
    const withoutOptIn = await deliveryApi(() => strict.server.url).call(
      `/${generation}/webhook.subscribe`,
      { token: TOKEN, body: body(url) },
    );
    expect([withoutOptIn.status, withoutOptIn.body]).toEqual([400, refused]);
    const withOptIn = await deliveryApi(() => local.server.url).call(
      `/${generation}/webhook.subscribe`,
      { token: TOKEN, body: body(url) },
    );
    expect(withOptIn.status).toBe(localOnly ? 200 : 400);
    // Removed again: a subscription to an address nothing listens on would be retried, and the
    // delivery tests below wait until every delivery of their event has settled.
    if (withOptIn.status === 200)
      await local.server.store.deleteSubscription(APP, generation, withOptIn.body.id);
  });
});

describe('deliveries connect only to the addresses the policy allows', () => {
  it('a public name that resolves to loopback is refused at delivery, as a failure with the reason', async () => {
    const receiver = await startRecordingServer(() => OK);
    const { port } = new URL(receiver.url);
    const api = deliveryApi(() => strict.server.url);
    try {
      const subscribed = await api.call('/v1/webhook.subscribe', {
        token: TOKEN,
        body: { event: 'meeting.ended', url: `https://hooks.example.com:${port}/hook` },
      });
      expect(subscribed.status).toBe(200);
      const emitted = await strict.server.dispatcher.emit(APP, {
        generation: 'v1',
        type: 'meeting.ended',
        data: SAMPLE_EVENTS.meetingEnded('dns'),
      });
      const reports = (await emitted.settled).filter(
        (r) => r.subscriptionId === subscribed.body.id,
      );
      expect(reports).toEqual([
        expect.objectContaining({
          outcome: 'failed',
          attempts: 1,
          problem: 'hooks.example.com: 127.0.0.1 is a loopback address',
        }),
      ]);
      expect(receiver.requests).toEqual([]);
      // HEALTH-01: a refused delivery is a failed one.
      const listed = await api.call('/v1/webhook.list', { token: TOKEN });
      expect(
        listed.body.webhooks.find((w: { id: string }) => w.id === subscribed.body.id),
      ).toHaveProperty('failStreakStartedAt');
    } finally {
      await receiver.close();
    }
  });

  it('a name that resolves to the metadata address is refused even in a local environment', async () => {
    const api = deliveryApi(() => local.server.url);
    const subscribed = await api.call('/v1/webhook.subscribe', {
      token: TOKEN,
      body: { event: 'meeting.ended', url: 'https://metadata-alias.example.com/latest/meta-data/' },
    });
    expect(subscribed.status).toBe(200);
    const emitted = await local.server.dispatcher.emit(APP, {
      generation: 'v1',
      type: 'meeting.ended',
      data: SAMPLE_EVENTS.meetingEnded('metadata'),
    });
    const reports = (await emitted.settled).filter((r) => r.subscriptionId === subscribed.body.id);
    expect(reports).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        problem: 'metadata-alias.example.com: 169.254.169.254 is a cloud metadata address',
      }),
    ]);
    await api.call('/v1/webhook.unsubscribe', { token: TOKEN, body: { id: subscribed.body.id } });
  });

  it('in a local environment, a loopback name is delivered to the address the lookup gave', async () => {
    const receiver = await startRecordingServer(() => OK);
    const { port } = new URL(receiver.url);
    const api = deliveryApi(() => local.server.url);
    try {
      const subscribed = await api.call('/v1/webhook.subscribe', {
        token: TOKEN,
        body: { event: 'meeting.ended', url: `http://hooks.localhost:${port}/hook` },
      });
      const emitted = await local.server.dispatcher.emit(APP, {
        generation: 'v1',
        type: 'meeting.ended',
        data: SAMPLE_EVENTS.meetingEnded('local'),
      });
      const reports = (await emitted.settled).filter(
        (r) => r.subscriptionId === subscribed.body.id,
      );
      expect(reports).toEqual([expect.objectContaining({ outcome: 'acknowledged' })]);
      expect(receiver.requests.map((r) => r.headers.host)).toEqual([`hooks.localhost:${port}`]);
      await api.call('/v1/webhook.unsubscribe', { token: TOKEN, body: { id: subscribed.body.id } });
    } finally {
      await receiver.close();
    }
  });

  it('a row stored before the policy is held to it at delivery', async () => {
    const receiver = await startRecordingServer(() => OK);
    try {
      const row = await strict.server.store.upsertSubscription({
        app: APP,
        generation: 'v1',
        event: 'meeting.ended',
        url: `${receiver.url}/old`,
        filter: null,
        dynamic: true,
      });
      const emitted = await strict.server.dispatcher.emit(APP, {
        generation: 'v1',
        type: 'meeting.ended',
        data: SAMPLE_EVENTS.meetingEnded('old'),
      });
      const reports = (await emitted.settled).filter((r) => r.subscriptionId === row.id);
      expect(reports).toEqual([
        expect.objectContaining({ outcome: 'failed', problem: '127.0.0.1 is a loopback address' }),
      ]);
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
