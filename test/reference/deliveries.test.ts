import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { OK, deliveryApi, waitFor } from '../support/delivery-harness.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { EVERY_ATTEMPT_FAILS, failingReceiver } from '../support/scenarios/failing-receiver.ts';

// DLV-01..10, DLV-12, VER-08, VER-10, VER-14, AUTH-12 over real HTTP: the reference server's
// deliveries to loopback receivers. A time scale of 600 makes the 1 s, 1 min and 5 min waits
// 1.7 ms, 100 ms and 500 ms.
const SCALE = 600;
const reference = useReferenceServer({ timeScale: SCALE, triggerEvents: true });
const api = deliveryApi(() => reference.server.url);
const secret = () => reference.server.workspace.apps.app_acme!.signingSecret;

const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const MESSAGE = { chatType: 'group', text: `Heads up <@G-${GROUP}> and <@all>` };

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});
async function receiver(...args: Parameters<typeof api.receiver>) {
  const r = await api.receiver(...args);
  open.push(r);
  return r;
}

describe('what every delivery carries', () => {
  it('DLV-01, DLV-02, DLV-03, AUTH-12: a signed JSON POST that verifies with the app secret', async () => {
    const hook = await receiver('meeting.ended', () => OK);
    expect((await api.trigger('meeting.ended', { meetingId: 'm1' })).status).toBe(202);
    expect(await waitFor(() => hook.requests.length === 1)).toBe(true);
    const [request] = hook.requests;
    expect([request!.method, request!.url, request!.headers['content-type']]).toEqual([
      'POST',
      '/hook',
      'application/json',
    ]);
    const stamp = Number(request!.headers['webhook-timestamp']);
    expect(Math.abs(stamp - Date.now() / 1000)).toBeLessThan(5);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(
      verifyWebhook({
        secret: secret(),
        headers: request!.headers as Record<string, string>,
        body: request!.body,
      }),
    ).toMatchObject({ ok: true });
    // The Standard Webhooks library agrees, so the scheme is the standard one, not only ours.
    expect(() =>
      new Webhook(secret()).verify(request!.body, request!.headers as Record<string, string>),
    ).not.toThrow();
    expect(secret()).toMatch(/^whsec_/);
    expect(reference.server.workspace.oauthClients.map((c) => c.secret)).not.toContain(secret());
  });

  it('DLV-03: a delivery does not verify with another secret', async () => {
    const hook = await receiver('meeting.ended', () => OK);
    await api.trigger('meeting.ended', {});
    await waitFor(() => hook.requests.length === 1);
    const other = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    expect(
      verifyWebhook({
        secret: other,
        headers: hook.requests[0]!.headers as Record<string, string>,
        body: hook.requests[0]!.body,
      }),
    ).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  const shapes: Array<[string, { apiVersion: WebhookVersion; enveloped: boolean; text: string }]> =
    [
      [
        'VER-08: the baseline is bare',
        { apiVersion: '2026-06-01', enveloped: false, text: `Heads up <@G-${GROUP}> and <@all>` },
      ],
      [
        'VER-08: 2026-07-07 is enveloped',
        { apiVersion: '2026-07-07', enveloped: true, text: `Heads up <@G-${GROUP}> and <@all>` },
      ],
      [
        'VER-10: 2026-07-23 keeps the baseline grammar',
        { apiVersion: '2026-07-23', enveloped: true, text: `Heads up <@G-${GROUP}> and <@all>` },
      ],
      [
        'VER-10: 2026-08-07 renders groups and broadcast anew',
        {
          apiVersion: '2026-08-07',
          enveloped: true,
          text: `Heads up <!subteam^${GROUP}> and <!channel>`,
        },
      ],
      [
        'VER-10: 2026-08-25 keeps the new grammar',
        {
          apiVersion: '2026-08-25',
          enveloped: true,
          text: `Heads up <!subteam^${GROUP}> and <!channel>`,
        },
      ],
    ];
  it.each(shapes)(
    '%s (VER-14, DLV-12: shaped by the subscription version)',
    async (_, { apiVersion, enveloped, text }) => {
      const hook = await receiver('chat.message', () => OK, { apiVersion });
      await api.trigger('chat.message', MESSAGE);
      expect(await waitFor(() => hook.requests.length === 1)).toBe(true);
      const request = hook.requests[0]!;
      expect(request.headers['service-version']).toBe(apiVersion);
      const parsed = parseWebhook({
        version: apiVersion,
        event: 'chat.message',
        body: request.body,
        headers: request.headers as Record<string, string>,
      });
      expect(parsed).toMatchObject({ ok: true, event: 'chat.message' });
      const body = JSON.parse(request.body);
      const data = enveloped ? body.data : body;
      expect(data.text).toBe(text);
      if (enveloped)
        expect(body).toMatchObject({
          type: 'chat.message',
          apiVersion,
          eventId: expect.any(String),
          timestamp: expect.any(String),
        });
      else expect(body).not.toHaveProperty('apiVersion');
    },
  );

  it('VER-14: a subscription without apiVersion delivers in the pin of the credential that made it', async () => {
    const hook = await receiver('token.revoked', () => OK, { token: 'sk-2026-07-23' });
    await api.trigger('token.revoked', {});
    await waitFor(() => hook.requests.length === 1);
    expect(hook.requests[0]!.headers['service-version']).toBe('2026-07-23');
    expect(JSON.parse(hook.requests[0]!.body).apiVersion).toBe('2026-07-23');
  });

  it('VER-06: v0 deliveries carry the frozen v0 payload and name no dated version', async () => {
    const hook = await receiver('onair.event.created', () => OK, { generation: 'v0' });
    const example = JSON.parse(
      readFileSync('schemas/webhooks/v0/onair.event.created.valid.example.json', 'utf8'),
    ).data;
    await api.trigger('onair.event.created', example, 'v0');
    await waitFor(() => hook.requests.length === 1);
    expect(JSON.parse(hook.requests[0]!.body)).toEqual(example);
    expect(hook.requests[0]!.headers['service-version']).toBeUndefined();
    expect(
      parseWebhook({ version: 'v0', event: 'onair.event.created', body: hook.requests[0]!.body }),
    ).toMatchObject({ ok: true });
  });

  it('DLV-04: two events get two webhook-ids', async () => {
    const hook = await receiver('meeting.ended', () => OK);
    await api.trigger('meeting.ended', {});
    await api.trigger('meeting.ended', {});
    await waitFor(() => hook.requests.length === 2);
    const [a, b] = hook.requests.map((r) => r.headers['webhook-id']);
    expect(a).toEqual(expect.any(String));
    expect(a).not.toBe(b);
  });
});

describe('retries', () => {
  it('DLV-04, DLV-05, DLV-06: a failing receiver gets four attempts, one id, numbered retries', async () => {
    const { hook, arrived } = await failingReceiver(api, { ...EVERY_ATTEMPT_FAILS, settleMs: 700 });
    expect(arrived).toBe(true);
    expect(hook.requests).toHaveLength(4);
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(
      hook.requests.map((r) => [r.headers['service-retry-num'], r.headers['service-retry-reason']]),
    ).toEqual([
      [undefined, undefined],
      ['1', 'http_5xx'],
      ['2', 'http_5xx'],
      ['3', 'http_5xx'],
    ]);
    // DLV-02: every attempt is signed afresh and names the version.
    for (const r of hook.requests) {
      expect(r.headers['service-version']).toBe('2026-08-25');
      expect(
        verifyWebhook({
          secret: secret(),
          headers: r.headers as Record<string, string>,
          body: r.body,
        }),
      ).toMatchObject({ ok: true });
    }
  });

  const statuses: Array<
    [
      string,
      {
        answer: { status: number; destroy?: boolean; delayMs?: number };
        attempts: number;
        reason?: string;
      },
    ]
  > = [
    ['DLV-06: 400 fails at once', { answer: { status: 400 }, attempts: 1 }],
    ['DLV-06: 404 fails at once', { answer: { status: 404 }, attempts: 1 }],
    ['DLV-06: 410 fails at once', { answer: { status: 410 }, attempts: 1 }],
    ['DLV-06: 429 is retried', { answer: { status: 429 }, attempts: 2, reason: 'http_429' }],
    ['DLV-06: 503 is retried', { answer: { status: 503 }, attempts: 2, reason: 'http_5xx' }],
    [
      'DLV-06: a dropped connection is retried',
      { answer: { status: 0, destroy: true }, attempts: 2, reason: 'transport' },
    ],
    [
      'DLV-01: a 3xx does not acknowledge and is not retried',
      { answer: { status: 302 }, attempts: 1 },
    ],
  ];
  it.each(statuses)('%s', async (_, { answer, attempts, reason }) => {
    // The first attempt gets the answer under test; a retry is acknowledged.
    const { hook, arrived } = await failingReceiver(api, {
      answers: [answer],
      attempts,
      settleMs: 150,
    });
    expect(arrived).toBe(true);
    expect(hook.requests).toHaveLength(attempts);
    if (reason) expect(hook.requests[1]!.headers['service-retry-reason']).toBe(reason);
  });

  it('DLV-08: no answer within 3 seconds counts as a transport failure', async () => {
    const { hook, arrived } = await failingReceiver(api, {
      answers: [{ status: 204, delayMs: 3500 }],
      attempts: 2,
      timeoutMs: 6000,
    });
    expect(arrived).toBe(true);
    expect(hook.requests[1]!.headers['service-retry-reason']).toBe('transport');
    // The retry came after the 3-second window, not after the slow answer.
    const gap = hook.requests[1]!.receivedAt - hook.requests[0]!.receivedAt;
    expect(gap).toBeGreaterThan(2900);
    expect(gap).toBeLessThan(3450);
  }, 10_000);

  it('DLV-07: waits grow as about 1 s, 1 min and 5 min (scaled)', async () => {
    const { hook, arrived } = await failingReceiver(api, EVERY_ATTEMPT_FAILS);
    expect(arrived).toBe(true);
    const gaps = hook.requests.slice(1).map((r, i) => r.receivedAt - hook.requests[i]!.receivedAt);
    const expected = [1, 60, 300].map((s) => (s * 1000) / SCALE);
    expect(gaps[1]).toBeGreaterThanOrEqual(expected[1]! * 0.9);
    expect(gaps[1]).toBeLessThan(expected[1]! * 2);
    expect(gaps[2]).toBeGreaterThanOrEqual(expected[2]! * 0.9);
    expect(gaps[2]).toBeLessThan(expected[2]! * 1.5);
    expect(gaps[0]).toBeLessThan(gaps[1]!);
  });

  it('DLV-07: Retry-After on 503 replaces the next wait; on 429 it is capped at 5 minutes', async () => {
    const { hook, arrived } = await failingReceiver(api, {
      answers: [
        { status: 503, headers: { 'retry-after': '120' } },
        { status: 429, headers: { 'retry-after': '3600' } },
      ],
      attempts: 3,
    });
    expect(arrived).toBe(true);
    const [first, second] = hook.requests
      .slice(1)
      .map((r, i) => r.receivedAt - hook.requests[i]!.receivedAt);
    // 120 s instead of about 1 s; then 300 s (the cap) instead of 3600 s or about 1 min.
    expect(first).toBeGreaterThanOrEqual((120_000 / SCALE) * 0.9);
    expect(first).toBeLessThan((120_000 / SCALE) * 1.5);
    expect(second).toBeGreaterThanOrEqual((300_000 / SCALE) * 0.9);
    expect(second).toBeLessThan((300_000 / SCALE) * 1.5);
  });

  it('DLV-09: after the last attempt the event is dropped, the subscription kept, the next event fresh', async () => {
    const { hook, arrived } = await failingReceiver(api, { ...EVERY_ATTEMPT_FAILS, settleMs: 100 });
    expect(arrived).toBe(true);
    expect(await hook.listed()).toMatchObject({ id: hook.id });
    await api.trigger('meeting.ended', {});
    expect(await waitFor(() => hook.requests.length === 5)).toBe(true);
    const fresh = hook.requests[4]!;
    expect(fresh.headers['service-retry-num']).toBeUndefined();
    expect(fresh.headers['webhook-id']).not.toBe(hook.requests[0]!.headers['webhook-id']);
  });

  it('DLV-10: a retried event arrives after a later one', async () => {
    const hook = await receiver('meeting.ended', (request) =>
      JSON.parse(request.body).data.n === 1 && !request.headers['service-retry-num']
        ? { status: 503, headers: { 'retry-after': '60' } }
        : OK,
    );
    await api.trigger('meeting.ended', { n: 1 });
    await api.trigger('meeting.ended', { n: 2 });
    await waitFor(() => hook.requests.length === 3);
    expect(hook.requests.map((r) => JSON.parse(r.body).data.n)).toEqual([1, 2, 1]);
  });
});

describe('what the service emits of its own', () => {
  it('EPH-05: posting an ephemeral message never emits chat.message', async () => {
    const hook = await receiver('chat.message', () => OK);
    const marker = await receiver('meeting.ended', () => OK);
    const posted = await api.call('/v1/chat.postEphemeral', {
      token: 'sk-2026-08-25',
      body: {
        chatId: '7d2a8c74-2e65-4b9a-9c79-3fb05e4d9a33',
        userId: '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d',
        text: 'only for Ada',
      },
    });
    expect(posted.status).toBe(200);
    // An event emitted after the post arrives; a chat.message of the post would have had the time.
    await api.trigger('meeting.ended', {});
    await waitFor(() => marker.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(marker.requests).toHaveLength(1);
    expect(hook.requests).toHaveLength(0);
  });

  it('revoking a token emits token.revoked to its app', async () => {
    const hook = await receiver('token.revoked', () => OK);
    // A token of this test alone: the pinned key of the oldest version, revoked for this server
    // only.
    expect(
      (await api.call('/v1/token.revoke', { token: 'sk-2026-06-01', method: 'POST' })).status,
    ).toBe(200);
    expect(await waitFor(() => hook.requests.length === 1)).toBe(true);
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ type: 'token.revoked', data: {} });
  });
});

describe('the event trigger', () => {
  const refusals: Array<[string, { body: unknown; status: number; error: string }]> = [
    [
      'an unknown event',
      { body: { event: 'chat.unknown', data: {} }, status: 400, error: 'invalid_parameter' },
    ],
    [
      'a v0 name on v1',
      { body: { event: 'chat:message:dm', data: {} }, status: 400, error: 'invalid_parameter' },
    ],
    [
      'a payload the contract rejects',
      {
        body: { event: 'chat.message', data: { chatType: 'channel' } },
        status: 400,
        error: 'invalid_parameter',
      },
    ],
    ['no data', { body: { event: 'chat.message' }, status: 400, error: 'missing_parameter' }],
    [
      'an unknown generation',
      {
        body: { generation: 'v2', event: 'chat.message', data: {} },
        status: 400,
        error: 'invalid_parameter',
      },
    ],
    ['a JSON array', { body: [], status: 400, error: 'invalid_json' }],
  ];
  it.each(refusals)('refuses %s', async (_, { body, status, error }) => {
    const answer = await api.call('/reference/events', { body });
    expect([answer.status, answer.body.error]).toEqual([status, error]);
  });

  it('names which versions a bad payload breaks', async () => {
    const answer = await api.call('/reference/events', {
      body: { event: 'chat.message', data: { chatType: 'channel' } },
    });
    expect(answer.body.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2026-06-01: \/chatType/),
        expect.stringMatching(/^2026-08-25: \/data\/chatType/),
      ]),
    );
  });

  it('is not there unless enabled', async () => {
    const { startReference } = await import('../../src/reference/server.ts');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/service-no-trigger-`);
    const server = await startReference({ dataDir: dir });
    try {
      const answer = await fetch(`${server.url}/reference/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'meeting.ended', data: {} }),
      });
      expect(answer.status).toBe(404);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('who hears a chat message', () => {
  it('VER-11: before 2026-08-20 groups are mention-only; from it membership decides, and mention: true restores mention-only', async () => {
    const before = await receiver('chat.message', () => OK, { apiVersion: '2026-08-07' });
    const after = await receiver('chat.message', () => OK, { apiVersion: '2026-08-20' });
    const mentionOnly = await receiver('chat.message', () => OK, {
      apiVersion: '2026-08-25',
      filter: { mention: true },
    });
    const chats = {
      channel: '7d2a8c74-2e65-4b9a-9c79-3fb05e4d9a33',
      channelWithoutApp: '9f4cae96-4087-4dbc-9e9b-51d27a6fbc55',
    };
    const sent = [
      ['member-plain', chats.channel, false],
      ['member-mention', chats.channel, true],
      ['outsider-mention', chats.channelWithoutApp, true],
    ] as const;
    for (const [text, chatId, mentionsApp] of sent) {
      expect(
        (
          await api.trigger('chat.message', { chatType: 'group', text }, 'v1', {
            chatId,
            mentionsApp,
          })
        ).status,
      ).toBe(202);
    }
    await waitFor(
      () => before.requests.length + after.requests.length + mentionOnly.requests.length >= 5,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const texts = (hook: typeof before) =>
      hook.requests.map((r) => JSON.parse(r.body).data.text).sort();
    expect(texts(before)).toEqual(['member-mention', 'outsider-mention']);
    expect(texts(after)).toEqual(['member-mention', 'member-plain']);
    expect(texts(mentionOnly)).toEqual(['member-mention', 'outsider-mention']);
  });
});
