import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startListener } from '../../src/devloop/listen-server.ts';
import { samplePayload } from '../../src/devloop/sample-payload.ts';
import { signedDelivery } from '../../src/webhooks/signed-delivery.ts';
import { createNodeReceiver } from '../../src/webhooks/receiver.ts';
import { verifyAndParseWebhook } from '../../src/webhooks/verify-and-parse.ts';
import { autocannon, median } from './autocannon.ts';

// `listen` over HTTP: deliveries per second verified, validated and formatted (its printed block
// built and dropped), as a ratio to (a) the library's verifyAndParseWebhook of the same delivery
// in one process, which is what the HTTP layer costs, and (b) the library's own Node receiver
// behind node:http under the same load, which is what listen adds over it. Rounds alternate.
const VERSION = '2026-08-25';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROUNDS = 3;
const SECONDS = 3;

export async function run(): Promise<void> {
  const { payload } = samplePayload('chat.message', VERSION) as { payload: unknown };
  const delivery = signedDelivery({ secret: SECRET, version: VERSION, payload });
  const body = Buffer.from(delivery.body).toString('utf8');
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).filter(([name]) => name !== 'content-type'),
  );
  let printed = 0;
  const listener = await startListener({
    secret: SECRET,
    json: false,
    port: 0,
    host: '127.0.0.1',
    print: (text) => void (printed += text.length),
  });
  const library = await libraryReceiver();
  const rates = { listen: [] as number[], receiver: [] as number[], inProcess: [] as number[] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const load = { method: 'POST' as const, body, headers, seconds: SECONDS };
      rates.listen.push((await autocannon(listener.url, load)).requests);
      rates.receiver.push((await autocannon(library.url, load)).requests);
      rates.inProcess.push(inProcessRate(body, delivery.headers));
    }
  } finally {
    await listener.close();
    await library.close();
  }
  if (printed === 0) throw new Error('listen printed nothing');
  const listen = median(rates.listen);
  const rate = (n: number) => `${Math.round(n)} /s`.padStart(10);
  console.log(
    `listen: one chat.message delivery (${body.length} bytes) over HTTP, 10 connections, median of ${ROUNDS} rounds of ${SECONDS} s`,
  );
  console.log(`  listen (verify + validate + report)                   ${rate(listen)}`);
  console.log(
    `  (a) library verifyAndParseWebhook, one process       ${rate(median(rates.inProcess))}   listen = ${(listen / median(rates.inProcess)).toFixed(3)}x (the cost of the HTTP layer)`,
  );
  console.log(
    `  (b) library createNodeReceiver behind node:http      ${rate(median(rates.receiver))}   listen = ${(listen / median(rates.receiver)).toFixed(2)}x`,
  );
}

/** Deliveries per second of verify + parse in this process, over about one second. */
function inProcessRate(body: string, headers: Record<string, string>): number {
  const started = process.hrtime.bigint();
  let count = 0;
  for (; Number(process.hrtime.bigint() - started) < 1e9; count += 1)
    if (!verifyAndParseWebhook({ secret: SECRET, version: VERSION, headers, body }).ok)
      throw new Error('not verified and parsed');
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function libraryReceiver() {
  const server = createServer(
    createNodeReceiver({ secret: SECRET, version: VERSION, onDelivery: () => undefined }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
