import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/reference-server.ts';
import { CHATS, USERS } from '../../src/reference/chats.ts';
import { checkResponse } from '../../src/validation/check-response.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';

const documents = loadDocumentsByVersion();
const reference = useReferenceServer();

async function post(json: Record<string, unknown>, token = 'sk-2026-08-25') {
  const response = await fetch(`${reference.server.url}/v1/chat.postEphemeral`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const body = await response.json();
  const { document, validator } = documents.get(response.headers.get('service-version')!)!;
  const diagnostics = checkResponse(document, validator, {
    path: '/chat.postEphemeral',
    method: 'post',
    status: response.status,
    headers: response.headers,
    body,
  });
  return { status: response.status, body, diagnostics };
}

const message = (
  chat: keyof typeof CHATS,
  user: string = USERS.ada,
  extra: Record<string, unknown> = {},
) => ({ chatId: CHATS[chat].id, userId: user, text: 'Only you can see this.', ...extra });

describe('chat.postEphemeral on the reference server', () => {
  const cases: Array<
    [string, { json: Record<string, unknown>; token?: string; status: number; error?: string }]
  > = [
    ['EPH-01: to a member of a DM the app is in', { json: message('dm'), status: 200 }],
    [
      'EPH-01: into a channel thread',
      { json: message('channel', USERS.grace, { threadTimestamp: 1785312000123456 }), status: 200 },
    ],
    [
      'EPH-04: an unknown chat',
      {
        json: { ...message('dm'), chatId: 'c27fd1c9-73ba-4a0f-81ce-84a50d9cef88' },
        status: 404,
        error: 'chat_not_found',
      },
    ],
    [
      'EPH-04: a public channel of another workspace',
      { json: message('foreignChannel', USERS.bot), status: 403, error: 'group_not_found' },
    ],
    [
      'EPH-04: a channel the app is not in (no public-group exception)',
      { json: message('channelWithoutApp'), status: 403, error: 'not_in_group' },
    ],
    [
      'EPH-04: a DM the app is not in',
      { json: message('dmWithoutApp'), status: 403, error: 'not_in_chat' },
    ],
    [
      'EPH-04: an archived channel',
      { json: message('archivedChannel'), status: 400, error: 'is_archived' },
    ],
    [
      'EPH-04: a recipient that is not a user',
      {
        json: message('dm', 'c27fd1c9-73ba-4a0f-81ce-84a50d9cef88'),
        status: 404,
        error: 'user_not_found',
      },
    ],
    [
      'EPH-04: a recipient outside the chat',
      { json: message('dm', USERS.grace), status: 400, error: 'user_not_in_chat' },
    ],
    [
      'EPH-02: a thread in a DM',
      {
        json: message('dm', USERS.ada, { threadTimestamp: 1 }),
        status: 400,
        error: 'invalid_parameter',
      },
    ],
    [
      'EPH-02: a thread in a multi-person DM',
      {
        json: message('mpdm', USERS.grace, { threadTimestamp: 1 }),
        status: 400,
        error: 'invalid_parameter',
      },
    ],
    [
      'AUTH-11: a personal token posts as its owner',
      { json: message('dmWithoutApp', USERS.grace), token: 'pat-ada', status: 200 },
    ],
    [
      'AUTH-11: a personal token may not send sender',
      {
        json: message('dmWithoutApp', USERS.grace, { sender: { id: 'helper' } }),
        token: 'pat-ada',
        status: 400,
        error: 'access_mode_not_supported',
      },
    ],
    [
      'EPH-06: sender id _ is the root identity',
      { json: message('dm', USERS.ada, { sender: { id: '_' } }), status: 200 },
    ],
    [
      'EPH-06: an unconfigured persona is accepted',
      { json: message('dm', USERS.ada, { sender: { id: '  Nobody ' } }), status: 200 },
    ],
    [
      'EPH-03: 8,001 bytes of text',
      {
        json: message('dm', USERS.ada, { text: 'é'.repeat(4000) + 'a' }),
        status: 413,
        error: 'msg_too_long',
      },
    ],
  ];
  it.each(cases)('%s', async (_, { json, token, status, error }) => {
    const answer = await post(json, token);
    expect(answer.status).toBe(status);
    if (error) expect(answer.body).toEqual({ error });
    else
      expect(answer.body).toMatchObject({
        ok: true,
        chatId: json.chatId,
        timestamp: expect.any(Number),
      });
    expect(answer.diagnostics).toEqual([]);
  });

  it("EPH-05: delivers live to the recipient's connected client, and to nobody else", async () => {
    const controller = new AbortController();
    const stream = await fetch(
      `${reference.server.url}/reference/ephemeral-stream?user=${USERS.ada}`,
      { signal: controller.signal, headers: { authorization: 'Bearer pat-ada' } },
    );
    const reader = stream.body!.getReader();
    await reader.read(); // the `connected` comment
    const sent = await post(message('channel', USERS.ada, { threadTimestamp: 42 }));
    let received = '';
    while (!received.includes('\n\n', received.indexOf('data:')))
      received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const data = JSON.parse(/data: (.+)/.exec(received)![1]!);
    expect(data).toMatchObject({
      chatId: CHATS.channel.id,
      timestamp: sent.body.timestamp,
      threadTimestamp: 42,
      text: 'Only you can see this.',
    });
  });

  it('EPH-05: timestamps are unique microseconds (TYPE-03)', async () => {
    const [a, b] = await Promise.all([post(message('dm')), post(message('dm'))]);
    expect(a.body.timestamp).not.toBe(b.body.timestamp);
    expect(Math.abs(a.body.timestamp / 1000 - Date.now())).toBeLessThan(60_000);
  });
});

describe('mention grammars on write', () => {
  const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
  const texts = [
    `hi <@G-${GROUP}> and <@all>`,
    `hi <!subteam^${GROUP}> and <!channel>`,
    `hi <@${USERS.grace}|Grace> and <@all|everyone>`,
  ];
  const cases = ['2026-06-01', '2026-08-07', '2026-08-25'].flatMap((version) =>
    texts.map((text) => [`${version}: ${text}`, { version, text }] as const),
  );
  it.each(cases)('VER-13: every version accepts %s', async (_, { version, text }) => {
    const answer = await post(message('channel', USERS.grace, { text }), `sk-${version}`);
    expect([answer.status, answer.diagnostics]).toEqual([200, []]);
  });
});
