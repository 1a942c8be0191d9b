import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// Slow and idle clients against every server the toolkit runs, each as the CLI in its own
// process: 100 clients sending a body a byte at a time and 500 connections that send nothing,
// while 200 ordinary requests are sent. The ordinary ones are answered as they would be alone;
// the slow and idle ones are cut at their deadline (shortened here through the environment, as
// SECURITY.md says); memory growth is printed. The docs server goes through the same `listen`.
// SLOW_CLIENTS_BIN runs another build's CLI (an earlier release, to compare).
const BIN = process.env.SLOW_CLIENTS_BIN ?? join(PROJECT_ROOT, 'bin', 'service-contract.js');
const DEADLINES = { headers: 1_500, request: 3_000 };
const ENV = {
  SERVICE_CONTRACT_HEADERS_TIMEOUT_MS: String(DEADLINES.headers),
  SERVICE_CONTRACT_REQUEST_TIMEOUT_MS: String(DEADLINES.request),
};
const SLOW = 100;
const IDLE = 500;
const ORDINARY = 200;
/** How late past its deadline a cut may come: the server checks twice a second, loaded here. */
const SLACK_MS = 2_500;

interface Ordinary {
  method: string;
  path: string;
  headers: Record<string, string>;
}

interface Target {
  name: string;
  args: (dir: string, upstream: string) => string[];
  ordinary: Ordinary;
}

const list = (token: string): Ordinary => ({
  method: 'GET',
  path: '/v1/webhook.list',
  headers: { authorization: `Bearer ${token}` },
});
const SECRET = `whsec_${Buffer.from('slow-clients-test-secret-32-byte').toString('base64')}`;
const TARGETS: Target[] = [
  {
    name: 'reference',
    args: (dir) => ['serve', '--port', '0', '--data', join(dir, 'data')],
    ordinary: list('sk-unpinned'),
  },
  { name: 'mock', args: () => ['mock', '--port', '0'], ordinary: list('mock-2026-07-07') },
  {
    name: 'proxy',
    args: (_, upstream) => ['proxy', '--port', '0', '--upstream', upstream],
    ordinary: list('sk-unpinned'),
  },
  {
    name: 'listen',
    args: () => ['listen', '--port', '0', '--secret', SECRET],
    // An unsigned delivery: refused with 401, as it would be alone.
    ordinary: { method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
  },
];

let dir = '';
let upstream: ChildProcess | undefined;
let upstreamUrl = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-slow-'));
  const started = await spawnListening(
    [BIN, 'serve', '--port', '0', '--data', join(dir, 'upstream')],
    ['listening on'],
    ENV,
  );
  upstream = started.child;
  upstreamUrl = started.urls['listening on']!;
}, 30_000);
afterAll(async () => {
  upstream?.kill();
  await rm(dir, { recursive: true, force: true });
});

/** The status of one ordinary request, or 0 when it got no answer. */
function send(url: string, { method, path, headers }: Ordinary, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(new URL(path, url), { method, headers, agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** A connection held open; resolves with how long it lasted and the start of what it was sent. */
function hold(url: string, drip: boolean): { ended: Promise<{ ms: number; got: string }> } {
  const { hostname, port } = new URL(url);
  const began = performance.now();
  let got = '';
  let timer: NodeJS.Timeout | undefined;
  const socket: Socket = connect(Number(port), hostname, () => {
    if (!drip) return;
    socket.write(
      `POST /v1/chat.postEphemeral HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer sk-unpinned\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    );
    // A byte every 250 ms: the whole body would take hours.
    timer = setInterval(() => socket.write(' '), 250);
  });
  socket.on('data', (chunk) => (got += chunk.toString('latin1')));
  socket.on('error', () => {});
  const ended = new Promise<{ ms: number; got: string }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - began, got: got.slice(0, 40) });
    }),
  );
  return { ended };
}

/** The resident memory of a process, in MiB, from Linux's /proc. */
function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

describe.each(TARGETS.map((t) => [t.name, t] as const))(
  '%s under slow and idle clients',
  (name, target) => {
    it('answers ordinary requests as it would alone, and cuts the slow ones at the deadline', async () => {
      const { child, urls } = await spawnListening(
        [BIN, ...target.args(dir, upstreamUrl)],
        ['listening on'],
        ENV,
      );
      try {
        const url = urls['listening on']!;
        const agent = new Agent({ keepAlive: true, maxSockets: 8 });
        const alone = await send(url, target.ordinary, agent);
        expect(alone).toBeGreaterThanOrEqual(200);
        expect(alone).toBeLessThan(500);
        const before = rssMiB(child.pid);
        const slow = Array.from({ length: SLOW }, () => hold(url, true));
        const idle = Array.from({ length: IDLE }, () => hold(url, false));
        const statuses = await Promise.all(
          Array.from({ length: ORDINARY }, () => send(url, target.ordinary, agent)),
        );
        const during = rssMiB(child.pid);
        const answered = statuses.filter((s) => s === alone).length;
        const others = statuses.filter((s) => s !== alone);
        // Every held connection should be gone by the request deadline and some slack; waiting no
        // longer says how many a server without deadlines keeps.
        const waited = await Promise.race([
          Promise.all([...slow, ...idle].map((c) => c.ended)),
          sleep(DEADLINES.request + SLACK_MS + 1_000).then(() => undefined),
        ]);
        agent.destroy();
        const cut = waited ?? [];
        console.log(
          `${name}: ${answered}/${ORDINARY} ordinary requests answered ${alone}${others.length ? ` (others: ${[...new Set(others)].join(', ')})` : ''} beside ${SLOW} slow and ${IDLE} idle clients; memory ${before.toFixed(1)} -> ${during.toFixed(1)} MiB; ${waited ? `every held connection cut, the last after ${Math.round(Math.max(...cut.map((c) => c.ms)))} ms` : 'held connections still open past the deadline'}`,
        );
        expect(waited).toBeDefined();
        expect(answered).toBeGreaterThanOrEqual(Math.ceil(ORDINARY * 0.99));
        const slowCut = cut.slice(0, SLOW);
        // Each slow body is cut at the request deadline, with a 408 where the connection still
        // listened.
        expect(slowCut.filter((c) => c.ms > DEADLINES.request + SLACK_MS)).toEqual([]);
        expect(slowCut.filter((c) => c.got.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(
          SLOW * 0.9,
        );
        expect(cut.slice(SLOW).filter((c) => c.ms > DEADLINES.headers + SLACK_MS)).toEqual([]);
        // Bounded memory: the held bodies are small, the connections cheap.
        expect(during - before).toBeLessThan(100);
      } finally {
        child.kill();
      }
    }, 60_000);
  },
);
