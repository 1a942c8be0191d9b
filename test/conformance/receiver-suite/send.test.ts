import { describe, expect, it } from 'vitest';
import { sendDelivery } from '../../../src/conformance/receiver-suite/send.ts';
import { type Served, serve } from '../../webhooks/http-harness.ts';

// The suite reads what a receiver answers only as far as it shows it: 512 bytes of the body,
// and never follows a redirect elsewhere.
describe('sendDelivery', () => {
  const cases: Array<
    [string, { answer: (res: import('node:http').ServerResponse) => void; want: object }]
  > = [
    [
      'a 10 MiB answer is kept to 512 bytes',
      {
        answer: (res) => res.writeHead(400).end('x'.repeat(10 * 1024 * 1024)),
        want: { status: 400, excerpt: 'x'.repeat(512) },
      },
    ],
    [
      'DLV-01: a redirect is an answer of its own, not followed',
      {
        answer: (res) => res.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end(),
        want: { status: 307 },
      },
    ],
    [
      'an empty answer has no excerpt',
      { answer: (res) => res.writeHead(204).end(), want: { status: 204 } },
    ],
  ];
  it.each(cases)('%s', async (_, { answer, want }) => {
    let served: Served | undefined;
    try {
      served = await serve((req, res) => {
        req.resume();
        req.on('end', () => answer(res));
      });
      const outcome = await sendDelivery(served.url, {}, '{}', 5_000);
      expect(outcome).toMatchObject(want);
      if (!('excerpt' in want)) expect(outcome.excerpt).toBeUndefined();
    } finally {
      await served?.close();
    }
  });

  it('says why when nothing answers', async () => {
    const served = await serve(() => undefined);
    try {
      const outcome = await sendDelivery(served.url, {}, '{}', 200);
      expect(outcome).toMatchObject({ failure: 'no answer within 0.2 s' });
    } finally {
      await served.close();
    }
  });
});
