import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebhookHeaders } from '../../src/webhooks/headers.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { BIN, runNode } from './cli-process.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

const LATEST = loadVersionRegistry().latest;

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

// A receiver that records what it got and answers with the status the path asks for (/status/500),
// or never answers (/silent).
let receiver: Served;
const seen: Seen[] = [];
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-trigger-'));
  receiver = await serve((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      seen.push({ path: req.url!, headers: req.headers, body });
      if (req.url!.startsWith('/silent')) return;
      const status = /^\/status\/(\d{3})/.exec(req.url!)?.[1];
      res.writeHead(status ? Number(status) : 204).end();
    });
  });
});
afterAll(async () => {
  await receiver?.close();
  await rm(dir, { recursive: true, force: true });
});

const origin = () => new URL(receiver.url).origin;
const trigger = (...args: string[]) => runNode([BIN, 'trigger', ...args, '--secret', SECRET]);

describe('service-contract trigger', () => {
  it('sends a delivery signed as the spec requires, with Service-Version and no retry headers', async () => {
    const before = seen.length;
    const result = await trigger(
      'meeting.ended',
      '--version',
      '2026-07-07',
      '--to',
      `${origin()}/hook`,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^meeting\.ended \(2026-07-07\) (msg_\w+) -> 204 in \d+ ms\n$/);
    const delivery = seen[before]!;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(readWebhookHeaders(delivery.headers)).toMatchObject({
      'service-version': '2026-07-07',
      'service-retry-num': undefined,
      'service-retry-reason': undefined,
    });
    expect(
      verifyWebhook({ secret: SECRET, headers: delivery.headers, body: delivery.body }),
    ).toMatchObject({ ok: true });
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'meeting.ended',
      apiVersion: '2026-07-07',
    });
  });

  it('sends v0 without Service-Version, and a retry with both retry headers (DLV-05, VER-06)', async () => {
    const before = seen.length;
    const result = await trigger(
      'transcript:started',
      '--version',
      'v0',
      '--retry',
      '2',
      '--reason',
      'http_429',
      '--to',
      `${origin()}/hook/{event}`,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const delivery = seen[before]!;
    expect(delivery.path).toBe('/hook/transcript%3Astarted');
    expect(readWebhookHeaders(delivery.headers)).toMatchObject({
      'service-version': undefined,
      'service-retry-num': '2',
      'service-retry-reason': 'http_429',
    });
  });

  it('changes one field with --override and sends --data after validating it', async () => {
    const data = join(dir, 'message.json');
    await writeFile(data, JSON.stringify({ chatType: 'dm', text: 'from a file' }));
    const before = seen.length;
    const result = await trigger(
      'chat.message',
      '--version',
      '2026-06-01',
      '--data',
      data,
      '--override',
      '/chatType=group',
      '--override',
      '/text="42"',
      '--to',
      `${origin()}/hook`,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(JSON.parse(seen[before]!.body)).toEqual({ chatType: 'group', text: '42' });
  });

  it('sends a payload the contract rejects only with --invalid', async () => {
    const args = [
      'chat.message',
      '--override',
      '/data/chatType=channel',
      '--to',
      `${origin()}/hook`,
    ];
    const refused = await trigger(...args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        `the contract rejects this chat\\.message payload \\(${LATEST}\\): .*chatType.*pass --invalid`,
      ),
    );
    const before = seen.length;
    const sent = await trigger(...args, '--invalid');
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(seen[before]!.body).data.chatType).toBe('channel');
  });

  it.each([
    ['500', `/status/500`, /-> 500 in \d+ ms {2}\(not acknowledged/],
    ['a refused connection', 'closed', /-> ECONNREFUSED/],
    ['no answer within 3 s', '/silent', /-> no answer within 3 s/],
  ])('exits 1 when the receiver answers %s', async (_name, path, line) => {
    const to = path === 'closed' ? 'http://127.0.0.1:9/hook' : `${origin()}${path}`;
    const result = await trigger('token.revoked', '--to', to);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(line);
  });

  it.each([
    [[], /name an event .* or pass --all/],
    [['chat.message', '--all'], /give an event or --all, not both/],
    [['nope'], new RegExp(`version ${LATEST} has no event "nope"; events: chat\\.message`)],
    [['chat.message', '--version', '2020-01-01'], /no contract for version "2020-01-01"/],
    [['chat.message', '--retry', '1'], /--retry and --reason go together/],
    [['chat.message', '--retry', '4', '--reason', 'transport'], /--retry takes 1, 2 or 3/],
    [
      ['chat.message', '--retry', '1', '--reason', 'slow'],
      /--reason takes transport, http_5xx or http_429/,
    ],
    [['chat.message', '--override', 'data.chatType=dm'], /JSON Pointer: it starts with \//],
    [
      ['chat.message', '--override', '/data/nope=1'],
      new RegExp(`no such field and the chat\\.message schema \\(${LATEST}\\) does not name one`),
    ],
    [['chat.message', '--override', '/nope/deeper=1'], /\/nope is not in the payload/],
    [['chat.message', '--override', '/data/chatType'], /is not <pointer>=<value>/],
    [['--all', '--data', 'x.json'], /--data is one payload/],
    [['chat.message', '--data', 'missing.json'], /cannot read missing\.json: ENOENT/],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const result = await trigger(...args, '--to', `${origin()}/hook`);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a malformed secret and a --to that is no URL', async () => {
    const secret = await runNode([
      BIN,
      'trigger',
      'chat.message',
      '--to',
      `${origin()}/hook`,
      '--secret',
      'abc',
    ]);
    expect(secret.code).toBe(2);
    expect(secret.stderr).toMatch(/--secret: a signing secret starts with "whsec_"/);
    const to = await trigger('chat.message', '--to', 'ftp://example');
    expect(to.code).toBe(2);
    expect(to.stderr).toMatch(/--to takes an http:\/\/ or https:\/\/ URL/);
  });
});
