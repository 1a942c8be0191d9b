import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { BIN, runNode } from './cli-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const WHY = '{"error":"invalid_payload","message":"data.chatType must be dm or group"}';

// A receiver that answers the status and body the path names, as a handler that refuses does.
const ANSWERS: Record<string, [number, string]> = {
  '/refuse': [400, WHY],
  '/escape': [401, 'bad\u001b[31m signature\r\nsee\u202Edocs\u0007'],
  '/long': [500, `${'x'.repeat(5000)}END`],
  '/empty': [500, ''],
  '/fine': [200, 'thanks'],
};
let receiver: Served;

beforeAll(async () => {
  receiver = await serve((req, res) => {
    req.resume();
    req.on('end', () => {
      // Headers and the start of a body, then nothing more: the excerpt is read 3 s at most.
      if (req.url === '/trickle') return void res.writeHead(503).write('busy, try');
      const [status, body] = ANSWERS[req.url!]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
});
afterAll(() => receiver?.close());

const trigger = (path: string) =>
  runNode([
    BIN,
    'trigger',
    'token.revoked',
    '--to',
    `${new URL(receiver.url).origin}${path}`,
    '--secret',
    SECRET,
  ]);

// A handler that refuses a delivery says why in its answer: trigger shows it beside the status,
// bounded and with control characters escaped, so the terminal shows text and nothing else (DLV-01).
describe('trigger shows the answer body of a delivery that was not acknowledged', () => {
  it.each<[string, { given: string; want: RegExp; code: number }]>([
    [
      'a 400 with an error body',
      {
        given: '/refuse',
        want: /-> 400 .*\n {2}answer: \{"error":"invalid_payload","message":"data\.chatType must be dm or group"\}\n$/,
        code: 1,
      },
    ],
    [
      'a body with control characters',
      {
        given: '/escape',
        want: /\n {2}answer: bad\\u001b\[31m signature\\r\\nsee\\u202edocs\\u0007\n$/,
        code: 1,
      },
    ],
    ['a long body, cut', { given: '/long', want: /\n {2}answer: x{300}…\n$/, code: 1 }],
    [
      'an empty body, nothing more',
      { given: '/empty', want: /-> 500 in \d+ ms {2}\(not acknowledged[^\n]*\)\n$/, code: 1 },
    ],
    [
      'a body that never ends, as far as it came',
      { given: '/trickle', want: /-> 503 .*\n {2}answer: busy, try\n$/, code: 1 },
    ],
    ['a 2xx, no body shown', { given: '/fine', want: /-> 200 in \d+ ms\n$/, code: 0 }],
  ])('%s', async (_name, { given, want, code }) => {
    const result = await trigger(given);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stdout).toMatch(want);
  });
});
