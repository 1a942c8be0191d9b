import { describe, expect, it } from 'vitest';
import { connectEphemeralStream } from '../../src/conformance/reach/ephemeral-stream.ts';
import { CHATS, USERS } from '../../src/reference/chats.ts';
import { MAX_STREAMS_PER_USER } from '../../src/reference/ephemeral-hub.ts';
import { waitFor } from '../support/delivery-harness.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// The reference server's ephemeral stream over real HTTP: only a credential acting as the user
// reads that user's messages, and the streams a server holds are bounded and let go.
const reference = useReferenceServer();
const small = useReferenceServer({ ephemeralStreams: { total: 2 } });
const STREAM = (base: string, user: string) =>
  `${base}/reference/ephemeral-stream?user=${encodeURIComponent(user)}`;

async function open(
  base: string,
  user: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const controller = new AbortController();
  const response = await fetch(STREAM(base, user), { method, headers, signal: controller.signal });
  const body =
    response.headers.get('content-type') === 'text/event-stream'
      ? undefined
      : await response.json();
  return { status: response.status, body, close: () => controller.abort() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("who may read a user's ephemeral stream", () => {
  type Row = [
    string,
    {
      given: { user: string; headers?: Record<string, string>; method?: string };
      want: { status: number; body?: unknown };
    },
  ];
  const rows: Row[] = [
    [
      'AUTH-01: no credential',
      { given: { user: USERS.ada }, want: { status: 401, body: { error: 'not_authed' } } },
    ],
    [
      'AUTH-02: an unknown token',
      {
        given: { user: USERS.ada, headers: bearer('nope') },
        want: { status: 401, body: { error: 'invalid_token' } },
      },
    ],
    [
      'AUTH-09: a revoked key',
      {
        given: { user: USERS.ada, headers: bearer('sk-revoked') },
        want: { status: 401, body: { error: 'token_revoked' } },
      },
    ],
    [
      "an API key acts as the app's bot, not as the user",
      {
        given: { user: USERS.ada, headers: bearer('sk-2026-08-25') },
        want: { status: 403, body: { error: 'not_allowed' } },
      },
    ],
    [
      "Ada's personal token, for Grace's stream",
      {
        given: { user: USERS.grace, headers: bearer('pat-ada') },
        want: { status: 403, body: { error: 'not_allowed' } },
      },
    ],
    [
      "Ada's personal token, for the bot's stream",
      {
        given: { user: USERS.bot, headers: bearer('pat-ada') },
        want: { status: 403, body: { error: 'not_allowed' } },
      },
    ],
    [
      'no user named',
      {
        given: { user: '', headers: bearer('pat-ada') },
        want: { status: 400, body: { error: 'missing_parameter' } },
      },
    ],
    [
      'another method',
      {
        given: { user: USERS.ada, headers: bearer('pat-ada'), method: 'POST' },
        want: { status: 405, body: { error: 'method_not_allowed' } },
      },
    ],
    [
      "Ada's personal token, for her own stream",
      { given: { user: USERS.ada, headers: bearer('pat-ada') }, want: { status: 200 } },
    ],
    ...PROTOTYPE_NAMES.map((name): Row => [
      `a user named ${name}`,
      {
        given: { user: name, headers: bearer('pat-ada') },
        want: { status: 403, body: { error: 'not_allowed' } },
      },
    ]),
    ...PROTOTYPE_NAMES.map((name): Row => [
      `a bearer named ${name}`,
      {
        given: { user: USERS.ada, headers: bearer(name) },
        want: { status: 401, body: { error: 'invalid_token' } },
      },
    ]),
  ];
  it.each(rows)('%s', async (_, { given, want }) => {
    const stream = await open(reference.server.url, given.user, given.headers, given.method);
    stream.close();
    expect({
      status: stream.status,
      ...(stream.body === undefined ? {} : { body: stream.body }),
    }).toEqual(want);
    expect(await waitFor(() => reference.server.hub.streams === 0)).toBe(true);
  });

  it("EPH-05: Ada's client gets her messages, not Grace's", async () => {
    const ada = await connectEphemeralStream(
      `${reference.server.url}/reference/ephemeral-stream?user={user}`,
      USERS.ada,
      'pat-ada',
    );
    try {
      const post = (userId: string, text: string) =>
        fetch(`${reference.server.url}/v1/chat.postEphemeral`, {
          method: 'POST',
          headers: { ...bearer('sk-2026-08-25'), 'content-type': 'application/json' },
          body: JSON.stringify({ chatId: CHATS.channel.id, userId, text }),
        });
      expect((await post(USERS.grace, 'for Grace')).status).toBe(200);
      expect((await post(USERS.ada, 'for Ada')).status).toBe(200);
      expect(await waitFor(() => ada.messages.length === 1)).toBe(true);
      expect(ada.messages).toEqual([expect.objectContaining({ text: 'for Ada' })]);
    } finally {
      await ada.close();
    }
  });
});

describe('streams are bounded and let go', () => {
  it(`one user may have ${MAX_STREAMS_PER_USER} clients; the next gets 429, and closing them empties the hub`, async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () =>
        open(reference.server.url, USERS.ada, bearer('pat-ada')),
      ),
    );
    try {
      expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const extra = await open(reference.server.url, USERS.ada, bearer('pat-ada'));
      expect([extra.status, extra.body]).toEqual([429, { error: 'too_many_streams' }]);
      expect([reference.server.hub.users, reference.server.hub.streams]).toEqual([
        1,
        MAX_STREAMS_PER_USER,
      ]);
    } finally {
      for (const s of streams) s.close();
    }
    expect(
      await waitFor(() => reference.server.hub.users === 0 && reference.server.hub.streams === 0),
    ).toBe(true);
  });

  it('past the total, 503', async () => {
    const streams = await Promise.all(
      [1, 2].map(() => open(small.server.url, USERS.ada, bearer('pat-ada'))),
    );
    try {
      const extra = await open(small.server.url, USERS.ada, bearer('pat-ada'));
      expect([extra.status, extra.body]).toEqual([503, { error: 'too_many_streams' }]);
    } finally {
      for (const s of streams) s.close();
    }
    expect(await waitFor(() => small.server.hub.streams === 0)).toBe(true);
  });

  it('asking for 500 distinct users and connecting 50 times leaves nothing behind', async () => {
    const asked = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        open(reference.server.url, `user-${i}`, bearer('pat-ada')),
      ),
    );
    expect(new Set(asked.map((a) => a.status))).toEqual(new Set([403]));
    for (let i = 0; i < 50; i += 1) {
      const stream = await open(reference.server.url, USERS.ada, bearer('pat-ada'));
      expect(stream.status).toBe(200);
      stream.close();
    }
    expect(
      await waitFor(() => reference.server.hub.users === 0 && reference.server.hub.streams === 0),
    ).toBe(true);
  });
});
