import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery } from '../../src/webhooks/signed-delivery.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { stop } from './cli-process.ts';
import { type Listening, startListen } from './listen-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MESSAGE = {
  type: 'chat.message',
  eventId: 'evt_1',
  timestamp: 1785312000,
  apiVersion: '2026-08-25',
  data: { chatType: 'dm', text: 'Hi' },
};
const WHY = '{"error":"signature_mismatch",\n"message":"no v1 signature matches\u001b[0m"}';

// The app behind --forward-to answers the status and body its path names.
const ANSWERS: Record<string, [number, string]> = {
  '/refuse': [401, WHY],
  '/long': [400, 'y'.repeat(5000)],
  '/fine': [200, 'thanks'],
};
let app: Served;
const running: Listening[] = [];

beforeAll(async () => {
  app = await serve((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] = ANSWERS[req.url!]!;
      res.writeHead(status).end(body);
    });
  });
});
afterEach(async () => {
  for (const listening of running.splice(0)) await stop(listening.child);
});
afterAll(() => app?.close());

async function forwardOne(path: string, json: boolean) {
  const listening = await startListen([
    '--secret',
    SECRET,
    '--forward-to',
    `${new URL(app.url).origin}${path}`,
    ...(json ? ['--json'] : []),
  ]);
  running.push(listening);
  const delivery = signedDelivery({ secret: SECRET, version: '2026-08-25', payload: MESSAGE });
  const answer = await fetch(listening.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  await answer.text();
  return listening;
}

// A user debugging the 401 or 400 of their handler sees why beside the status: the start of the
// app's answer, bounded and with control characters escaped (DLV-01).
describe('listen --forward-to shows the app error body', () => {
  it.each<[string, { given: string; want: string | RegExp }]>([
    [
      'a 401 with a JSON error',
      {
        given: '/refuse',
        want: '  answered 401 by the app: {"error":"signature_mismatch",\\n"message":"no v1 signature matches\\u001b[0m"}\n',
      },
    ],
    ['a long body, cut', { given: '/long', want: /\n {2}answered 400 by the app: y{300}…\n/ }],
    ['a 2xx, no body shown', { given: '/fine', want: /\n {2}answered 200 by the app\n/ }],
  ])('%s', async (_name, { given, want }) => {
    const listening = await forwardOne(given, false);
    await expect.poll(() => listening.stdout()).toContain('answered ');
    if (typeof want === 'string') expect(listening.stdout()).toContain(want);
    else expect(listening.stdout()).toMatch(want);
  });

  it('puts the excerpt in the answer of its NDJSON record', async () => {
    const listening = await forwardOne('/refuse', true);
    const [record] = await listening.records(1);
    expect(record).toMatchObject({
      ok: true,
      answer: {
        status: 401,
        excerpt: '{"error":"signature_mismatch",\\n"message":"no v1 signature matches\\u001b[0m"}',
      },
    });
  });
});
