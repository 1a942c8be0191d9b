import { type ChildProcess, spawn } from 'node:child_process';
import { own } from './owned-child.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { systemClock } from '../../src/reference/clock.ts';
import { createDeliveryClient, sendAttempt } from '../../src/reference/deliveries/attempt.ts';
import { createDispatcher } from '../../src/reference/deliveries/dispatcher.ts';
import { renderPayload } from '../../src/reference/deliveries/render.ts';
import type { ServiceEvent } from '../../src/reference/deliveries/service-event.ts';
import { APP, seedWorkspace } from '../../src/reference/fixtures.ts';
import { startReference } from '../../src/reference/server.ts';
import { openStore } from '../../src/reference/store.ts';
import { parseSecret } from '../../src/webhooks/secret.ts';
import { signature } from '../../src/webhooks/sign.ts';
import { autocannon, median } from './autocannon.ts';

// The reference server's dispatcher: signed deliveries per second to a loopback receiver (another
// process, answering 204), against bare POSTs of the same bodies with the same HTTP client (undici)
// at the same concurrency, in interleaved rounds. A third variant does only the work every
// delivery needs (render, serialise, sign, new ids, POST) with no dispatcher around it. The target
// is the dispatcher's own cost (routing, filtering, retries, health): signed deliveries at >= 0.9x
// render + sign + POST done directly. On 2-core machines that work alone already costs more than
// 30% of a bare POST, so the ratio to bare POSTs measures the machine; it is printed beside it,
// with no target. Then subscribe
// requests per second over HTTP (each an upsert committed to the store), against a read.
const ORDER = ['signed', 'bare', 'minimal', 'fetch'] as const;
const ORDER_SWAPPED = ['minimal', 'bare', 'signed', 'fetch'] as const;
const ROUNDS = 10;
const PER_ROUND = 3_000;
// undici's pools and the JIT take thousands of requests to settle; rounds before that are noise.
const WARMUP = 6_000;
const CONCURRENCY = 16;
const SECONDS = 4;
const VERSION = '2026-08-25';

const EVENT: ServiceEvent = {
  generation: 'v1',
  type: 'chat.message',
  data: {
    chatType: 'group',
    text: `Heads up <@G-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11> and <@all>: ${'the release is out. '.repeat(20)}`,
  },
};

const RECEIVER = `
const server = require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(204).end()); });
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

async function startReceiver(): Promise<{ url: string; child: ChildProcess }> {
  const child = own(spawn(process.execPath, ['-e', RECEIVER]));
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}/hook`, child };
}

/** Runs `work` `count` times with `CONCURRENCY` in flight; returns completions per second. */
async function rate(count: number, work: () => Promise<void>): Promise<number> {
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < count) {
        started += 1;
        await work();
      }
    }),
  );
  return count / ((performance.now() - begin) / 1000);
}

async function deliveries(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'service-bench-'));
  const receiver = await startReceiver();
  const store = await openStore(dir);
  const workspace = seedWorkspace();
  // The receiver is on loopback: a local environment (SUB-03).
  const dispatcher = createDispatcher({
    store,
    clock: systemClock(),
    apps: workspace.apps,
    destinations: { allowLocal: true },
  });
  const client = createDeliveryClient({ allowLocal: true });
  try {
    await store.upsertSubscription({
      app: APP,
      generation: 'v1',
      event: EVENT.type,
      url: receiver.url,
      filter: null,
      apiVersion: VERSION,
      dynamic: true,
    });
    const body = JSON.stringify(
      renderPayload(EVENT, VERSION, {
        eventId: `evt_${'0'.repeat(36)}`,
        occurredAt: new Date().toISOString(),
      }),
    );
    let failed = 0;
    const signed = async () => {
      const { settled } = await dispatcher.emit(APP, EVENT);
      for (const report of await settled) if (report.outcome !== 'acknowledged') failed += 1;
    };
    const bare = async () => {
      const response = await request(receiver.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body.dump();
      if (response.statusCode !== 204) failed += 1;
    };
    // The work of one delivery without the dispatcher: what filtering, routing, retries and health
    // add on top of it is the difference between this and `signed`.
    const key = (parseSecret(workspace.apps[APP]!.signingSecret) as { key: Buffer }).key;
    const minimal = async () => {
      const json = JSON.stringify(
        renderPayload(EVENT, VERSION, {
          eventId: `evt_${randomUUID()}`,
          occurredAt: new Date().toISOString(),
        }),
      );
      const id = `msg_${randomUUID()}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(key, id, timestamp, json),
        'service-version': VERSION,
      };
      if (
        (await sendAttempt(receiver.url, json, headers, 3000, Date.now(), client)).kind !==
        'acknowledged'
      )
        failed += 1;
    };
    // For scale: the same POSTs through fetch, the client most code reaches for first.
    const viaFetch = async () => {
      const response = await fetch(receiver.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 204) failed += 1;
    };
    for (const work of [signed, bare, minimal, viaFetch]) await rate(WARMUP, work);
    const rounds: Array<{ signed: number; bare: number; minimal: number; fetch: number }> = [];
    const works = { signed, bare, minimal, fetch: viaFetch };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The two compared variants swap places each round: the one that runs after the fetch
      // variant pays for that variant's garbage, and the ratio must not depend on which that is.
      const order = round % 2 === 0 ? ORDER : ORDER_SWAPPED;
      const measured = { signed: 0, bare: 0, minimal: 0, fetch: 0 };
      for (const name of order) measured[name] = await rate(PER_ROUND, works[name]);
      rounds.push(measured);
    }
    if (failed > 0) throw new Error(`${failed} deliveries or POSTs failed`);
    console.log(
      `reference: deliveries of a ${body.length}-byte chat.message (${VERSION}) to a loopback receiver, ${CONCURRENCY} in flight, ${ROUNDS} interleaved rounds of ${PER_ROUND}, medians`,
    );
    console.log(`  bare POSTs (undici)    ${Math.round(median(rounds.map((r) => r.bare)))} /s`);
    console.log(`  signed deliveries      ${Math.round(median(rounds.map((r) => r.signed)))} /s`);
    console.log(
      `  render + sign + POST   ${Math.round(median(rounds.map((r) => r.minimal)))} /s   (no dispatcher: ${median(rounds.map((r) => r.minimal / r.bare)).toFixed(2)} of bare POSTs)`,
    );
    console.log(`  bare POSTs (fetch)     ${Math.round(median(rounds.map((r) => r.fetch)))} /s`);
    console.log(
      `  ratio ${median(rounds.map((r) => r.signed / r.minimal)).toFixed(2)} of render + sign + POST done directly (target >= 0.9); ${median(rounds.map((r) => r.signed / r.bare)).toFixed(2)} of bare POSTs with the same client; ${median(rounds.map((r) => r.signed / r.fetch)).toFixed(2)}x bare fetch POSTs`,
    );
  } finally {
    dispatcher.close();
    await client.agent.close();
    await store.close();
    receiver.child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

async function subscribes(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'service-bench-'));
  const server = await startReference({ dataDir: dir });
  const headers = { authorization: `Bearer sk-${VERSION}` };
  const body = JSON.stringify({ event: 'chat.message', url: 'https://hooks.example.com/bench' });
  try {
    const rounds: Array<{ subscribe: number; list: number }> = [];
    for (let round = 0; round < 3; round += 1) {
      const subscribe = await autocannon(`${server.url}/v1/webhook.subscribe`, {
        method: 'POST',
        body,
        headers,
        seconds: SECONDS,
      });
      const list = await autocannon(`${server.url}/v1/webhook.list`, {
        method: 'GET',
        headers,
        seconds: SECONDS,
      });
      rounds.push({ subscribe: subscribe.requests, list: list.requests });
    }
    console.log(
      `reference: v1 webhook.subscribe over HTTP (an upsert committed before the answer), autocannon -c 10, 3 interleaved rounds of ${SECONDS} s, medians`,
    );
    console.log(`  webhook.list (a read)  ${Math.round(median(rounds.map((r) => r.list)))} req/s`);
    console.log(
      `  webhook.subscribe      ${Math.round(median(rounds.map((r) => r.subscribe)))} req/s`,
    );
    console.log(
      `  ratio ${median(rounds.map((r) => r.subscribe / r.list)).toFixed(2)} of the read's throughput`,
    );
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await deliveries();
  await subscribes();
}
