import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { BIN, runNode } from './cli-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

// A payload as a user writes one: indented, keys in their order, an escaped and a literal
// non-ASCII character, a number written 1.50, and a trailing newline. Valid at the baseline.
const PRETTY =
  '{\n    "text": "caf\\u00e9 or café",\n    "chatType": "dm",\n    "score": 1.50\n}\n';

let receiver: Served;
const seen: Array<{ headers: IncomingMessage['headers']; body: Buffer }> = [];
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-trigger-data-'));
  receiver = await serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
});
afterAll(async () => {
  await receiver?.close();
  await rm(dir, { recursive: true, force: true });
});

async function trigger(content: string | Buffer, ...args: string[]) {
  const file = join(dir, `payload-${seen.length}-${Math.random()}.json`);
  await writeFile(file, content);
  const before = seen.length;
  const result = await runNode([
    BIN,
    'trigger',
    'chat.message',
    '--version',
    '2026-06-01',
    '--data',
    file,
    '--to',
    receiver.url,
    '--secret',
    SECRET,
    ...args,
  ]);
  return { ...result, delivery: seen[before] };
}

// A handler that verifies over the raw bytes must be sent the bytes the user wrote, signed over
// exactly those (DLV-03): re-serializing would hide the escapes, spacing and key order it must cope
// with.
describe('trigger --data', () => {
  it.each<[string, { given: string; args: string[] }]>([
    ['a pretty-printed payload', { given: PRETTY, args: [] }],
    [
      'one the contract rejects, with --invalid',
      { given: '{ "chatType" : "channel" }\n', args: ['--invalid'] },
    ],
  ])('sends %s byte for byte, signed over those bytes', async (_name, { given, args }) => {
    const { code, stdout, stderr, delivery } = await trigger(given, ...args);
    expect(code, stdout + stderr).toBe(0);
    expect(delivery!.body.equals(Buffer.from(given, 'utf8'))).toBe(true);
    expect(
      verifyWebhook({ secret: SECRET, headers: delivery!.headers, body: delivery!.body }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('re-serializes the payload when --override changes it', async () => {
    const { code, delivery } = await trigger(PRETTY, '--override', '/chatType=group');
    expect(code).toBe(0);
    expect(delivery!.body.toString('utf8')).toBe(
      JSON.stringify({ text: 'café or café', chatType: 'group', score: 1.5 }),
    );
  });

  it.each<[string, { given: string | Buffer; want: RegExp }]>([
    [
      'a file that is not UTF-8',
      { given: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), want: /is not UTF-8/ },
    ],
    ['a file that is not JSON', { given: '{"chatType": ', want: /is not JSON/ }],
    [
      'a payload the contract rejects',
      { given: '{"chatType":"channel"}', want: /the contract rejects this chat\.message payload/ },
    ],
  ])('refuses %s and sends nothing', async (_name, { given, want }) => {
    const { code, stderr, delivery } = await trigger(given);
    expect(code).toBe(2);
    expect(stderr).toMatch(want);
    expect(delivery).toBeUndefined();
  });

  it('says in --help that overrides re-serialize', async () => {
    const { stdout } = await runNode([BIN, 'trigger', '--help']);
    expect(stdout.replace(/\s+/g, ' ')).toMatch(
      /--data <file> .*exact bytes.*--override re-serializes/,
    );
  });
});
