import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORWARD_ANSWER_BYTES } from '../../src/devloop/forward-delivery.ts';
import { signedDelivery } from '../../src/webhooks/signed-delivery.ts';
import { serve } from '../webhooks/http-harness.ts';
import { BIN, runNode, stop } from './cli-process.ts';
import { type Listening, startListen } from './listen-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_dGhlIG90aGVyIHNlY3JldCBvZiBhbm90aGVyIGFwcA==';

let dir = '';
const running: Listening[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-listen-'));
});
afterEach(async () => {
  for (const listening of running.splice(0)) await stop(listening.child);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listen(args: string[], env: Record<string, string> = {}) {
  const listening = await startListen(args, { XDG_CONFIG_HOME: join(dir, 'config'), ...env });
  running.push(listening);
  return listening;
}

/** POSTs a delivery signed with `secret` and answers the status. */
async function post(
  url: string,
  payload: unknown,
  options: {
    secret?: string;
    version?: string;
    retry?: { number: number; reason: 'http_5xx' };
  } = {},
) {
  const delivery = signedDelivery({
    secret: options.secret ?? SECRET,
    version: (options.version ?? '2026-08-25') as '2026-08-25',
    payload,
    retry: options.retry,
  });
  const answer = await fetch(url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  return { status: answer.status, body: await answer.text(), id: delivery.headers['webhook-id'] };
}

const MESSAGE = {
  type: 'chat.message',
  eventId: 'evt_1',
  timestamp: 1785312000,
  apiVersion: '2026-08-25',
  data: { chatType: 'dm', text: 'Hi' },
};

describe('service-contract listen', () => {
  it('makes a whsec_ secret on first start and keeps it across restarts (XDG_CONFIG_HOME)', async () => {
    const env = { XDG_CONFIG_HOME: join(dir, 'kept') };
    const first = await listen([], env);
    const secret = /signing secret (whsec_\S+) \(made now and kept in (\S+)\)/.exec(first.stdout());
    expect(secret, first.stdout()).not.toBeNull();
    expect(secret![2]).toBe(join(dir, 'kept', 'service-contract', 'listen-secret'));
    expect((await readFile(secret![2]!, 'utf8')).trim()).toBe(secret![1]);
    await stop(first.child);
    const second = await listen([], env);
    expect(second.stdout()).toContain(`signing secret ${secret![1]} (kept in ${secret![2]})`);
    expect((await post(second.url, MESSAGE, { secret: secret![1] })).status).toBe(204);
  });

  it('prints one readable block per delivery: event, version, ids, retry, verdicts', async () => {
    const listening = await listen(['--secret', SECRET]);
    const sent = await post(listening.url, MESSAGE, { retry: { number: 2, reason: 'http_5xx' } });
    expect(sent.status).toBe(204);
    await expect.poll(() => listening.stdout()).toContain('answered 204');
    expect(listening.stdout()).toMatch(
      new RegExp(
        `\\S+Z {2}chat\\.message {2}2026-08-25\\n {2}webhook-id ${sent.id} {2}eventId evt_1 {2}webhook-timestamp \\d+ {2}retry 2 \\(http_5xx\\)\\n {2}signature: verified\\n {2}payload: valid\\n {2}answered 204\\n`,
      ),
    );
  });

  it.each([
    [
      'a delivery signed with another secret',
      { secret: OTHER },
      MESSAGE,
      401,
      { signature: 'signature_mismatch', ok: false },
    ],
    [
      'a payload the contract rejects',
      {},
      { ...MESSAGE, data: { chatType: 'channel' } },
      400,
      { signature: 'verified', ok: false },
    ],
    [
      'a v0 payload named by the path',
      { version: 'v0', path: '/chat:message:dm' },
      { nope: true },
      400,
      { event: 'chat:message:dm', version: 'v0', ok: false },
    ],
  ])(
    'answers %s as the library receiver would and says why',
    async (_name, options, payload, status, record) => {
      const listening = await listen(['--secret', SECRET, '--json']);
      const { path = '', ...rest } = options as {
        path?: string;
        secret?: string;
        version?: string;
      };
      const sent = await post(`${listening.url}${path}`, payload, rest);
      expect(sent.status).toBe(status);
      const [line] = await listening.records(1);
      expect(line).toMatchObject({ ...record, answer: { status } });
      expect((line!.diagnostics as unknown[]).length).toBeGreaterThan(0);
    },
  );

  it('lists the events an unnamed baseline payload fits, and --version names the expected one', async () => {
    const listening = await listen(['--secret', SECRET, '--json', '--version', '2026-06-01']);
    expect(
      (await post(listening.url, { chatType: 'dm', text: 'Hi' }, { version: '2026-06-01' })).status,
    ).toBe(204);
    expect((await post(listening.url, MESSAGE)).status).toBe(400);
    const [bare, other] = await listening.records(2);
    expect(bare).toMatchObject({ version: '2026-06-01', ok: true });
    expect(bare!.event).toBeUndefined();
    expect(bare!.candidates).toContain('chat.message');
    expect(other).toMatchObject({
      version: '2026-08-25',
      event: 'chat.message',
      ok: false,
      diagnostics: [expect.objectContaining({ rule: 'version_mismatch', requirement: 'VER-14' })],
    });
  });

  it('prints only the --events named, and answers every delivery', async () => {
    const listening = await listen(['--secret', SECRET, '--json', '--events', 'meeting.ended']);
    expect((await post(listening.url, MESSAGE)).status).toBe(204);
    const ended = { ...MESSAGE, type: 'meeting.ended', data: { id: 'm-1' } };
    expect((await post(listening.url, ended)).status).toBe(204);
    const [only] = await listening.records(1);
    expect(only).toMatchObject({ event: 'meeting.ended' });
    // The chat.message was answered, so printed or not, before meeting.ended was sent.
    expect(listening.stdout().trim().split('\n')).toHaveLength(1);
  });

  it('answers 413 past --max-body-bytes and 405 to other methods', async () => {
    const listening = await listen(['--secret', SECRET, '--max-body-bytes', '100']);
    expect(
      (await post(listening.url, { ...MESSAGE, data: { chatType: 'dm', text: 'x'.repeat(200) } }))
        .status,
    ).toBe(413);
    expect((await fetch(listening.url)).status).toBe(405);
  });

  it('answers 502 when the app behind --forward-to cannot be reached', async () => {
    const listening = await listen([
      '--secret',
      SECRET,
      '--json',
      '--forward-to',
      'http://127.0.0.1:9/app',
    ]);
    const sent = await post(listening.url, MESSAGE);
    expect(sent.status).toBe(502);
    expect(sent.body).toMatch(/could not be reached: ECONNREFUSED/);
    const [line] = await listening.records(1);
    expect(line).toMatchObject({ ok: true, answer: { status: 502 } });
  });

  it.each([
    ['/echo', 202, 'seen'],
    ['/big', 502, /answer of http:\/\/127\.0\.0\.1:\d+ is over 1048576 bytes/],
    ['/silent', 504, /gave no answer within 3 s/],
  ])(
    'answers a delivery forwarded to %s with the app answer or why there is none',
    async (path, status, body) => {
      const seen: string[] = [];
      const app = await serve((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk));
        req.on('end', () => {
          seen.push(`${req.headers['webhook-signature']} ${text}`);
          if (path === '/silent') return;
          if (path === '/big') return void res.end(Buffer.alloc(MAX_FORWARD_ANSWER_BYTES + 1));
          res.writeHead(202, { 'x-app': 'yes' }).end('seen');
        });
      });
      try {
        const listening = await listen([
          '--secret',
          SECRET,
          '--forward-to',
          `${new URL(app.url).origin}${path}`,
        ]);
        const delivery = signedDelivery({
          secret: SECRET,
          version: '2026-08-25',
          payload: MESSAGE,
        });
        const answer = await fetch(listening.url, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
        });
        expect(answer.status).toBe(status);
        expect(await answer.text()).toMatch(body);
        if (path === '/echo') expect(answer.headers.get('x-app')).toBe('yes');
        // The app got the exact bytes and signature the sender sent.
        expect(seen).toEqual([
          `${delivery.headers['webhook-signature']} ${Buffer.from(delivery.body).toString()}`,
        ]);
      } finally {
        await app.close();
      }
    },
  );

  it.each([
    [['--secret', 'abc'], /--secret: a signing secret starts with "whsec_"/],
    [['--port', 'x'], /--port takes a number from 0 to 65535/],
    [['--version', '2020-01-01'], /no contract for version "2020-01-01"/],
    [['--forward-to', 'localhost:3000'], /--forward-to takes an http:\/\/ or https:\/\/ URL/],
    [['--max-body-bytes', '0'], /--max-body-bytes takes a whole number of bytes, 1 or more/],
    [['--events', ','], /--events takes event names, comma-separated/],
    [['--events', 'chat.message,nope'], /--events: no version has the event "nope"/],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const result = await runNode([BIN, 'listen', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the busy port in one line', async () => {
    const listening = await listen(['--secret', SECRET]);
    const port = new URL(listening.url).port;
    const result = await runNode([BIN, 'listen', '--secret', SECRET, '--port', port]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use: choose another with --port <n>`),
    );
  });
});

describe('service-contract listen with an unusable kept secret', () => {
  it('replaces it with a new one', async () => {
    const config = join(dir, 'broken');
    const file = join(config, 'service-contract', 'listen-secret');
    await mkdir(join(config, 'service-contract'), { recursive: true });
    await writeFile(file, 'not a secret\n');
    const listening = await listen([], { XDG_CONFIG_HOME: config });
    expect(listening.stdout()).toMatch(/signing secret whsec_\S+ \(made now and kept in/);
  });
});
