import { type ChildProcess, spawn } from 'node:child_process';
import { own } from './owned-child.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { REQUEST_VIOLATIONS_HEADER, VIOLATIONS_HEADER } from '../../src/proxy/proxy.ts';
import { CHATS, USERS } from '../../src/reference/chats.ts';
import { startReference } from '../../src/reference/server.ts';
import { compileDist } from '../build/dist.ts';
import { type Load, autocannon, median } from './autocannon.ts';

// Requests per second and p99 latency through the validating proxy (the compiled CLI, judging
// each request and each answer) against Prism's own proxy (`prism proxy` of @stoplight/prism-cli,
// request and answer validation on, its log silenced) in front of the same upstream: the reference
// server, in this process. Each proxy runs in a process of its own; the load comes from autocannon
// in a third, on loopback, for a bounded time; the two proxies take turns, round by round.
// Target: at least Prism's throughput (ratio >= 1).
const VERSION = '2026-08-25';
const ROUNDS = 3;
const SECONDS = 4;
const DOCUMENT = join(PROJECT_ROOT, 'generated', 'openapi', 'v1', `${VERSION}.json`);
// Resolved by name, so the dev dependency is seen to be used.
const require = createRequire(import.meta.url);
const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');
const HEADERS = { authorization: `Bearer sk-${VERSION}`, 'service-version': VERSION };

interface Scenario {
  name: string;
  /** The path as the document names it: Prism serves it bare, the proxy under `/v1`. */
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /webhook.list', path: '/webhook.list', method: 'GET' },
  {
    name: 'POST /chat.postEphemeral (body validated)',
    path: '/chat.postEphemeral',
    method: 'POST',
    body: JSON.stringify({
      chatId: CHATS.dm.id,
      userId: USERS.ada,
      text: 'Only you can see this.',
    }),
  },
];

export async function run(): Promise<void> {
  await compileDist();
  const dir = await mkdtemp(join(tmpdir(), 'service-bench-proxy-'));
  const upstream = await startReference({ dataDir: dir });
  const children: ChildProcess[] = [];
  try {
    const ours = await startOurs(upstream.url, children);
    const prism = await startPrism(`${upstream.url}/v1`, children);
    for (const scenario of SCENARIOS) {
      await expectClean(`${ours}/v1${scenario.path}`, scenario);
      const rounds: Array<{ ours: Load; prism: Load }> = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // Alternate who goes first, so neither always runs on the other's leftovers.
        const oursFirst = round % 2 === 0;
        const a = await load(oursFirst ? `${ours}/v1` : prism, scenario);
        const b = await load(oursFirst ? prism : `${ours}/v1`, scenario);
        rounds.push(oursFirst ? { ours: a, prism: b } : { ours: b, prism: a });
      }
      report(scenario, rounds);
    }
  } finally {
    for (const child of children) child.kill();
    await upstream.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const load = (base: string, scenario: Scenario) =>
  autocannon(`${base}${scenario.path}`, { ...scenario, headers: HEADERS, seconds: SECONDS });

/** The proxy as users run it: the compiled CLI, on a port it picks and prints. */
async function startOurs(upstream: string, children: ChildProcess[]): Promise<string> {
  const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');
  const child = own(spawn(process.execPath, [bin, 'proxy', '--upstream', upstream, '--port', '0']));
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/[\d.:]+)/.exec(String(chunk));
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the proxy exited ${code}`)));
  });
}

/** `prism proxy <document> <upstream>`, silent, on a free port; ready once it answers. */
async function startPrism(upstream: string, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const args = ['proxy', DOCUMENT, upstream, '--port', String(port), '--host', '127.0.0.1'];
  const child = own(spawn(process.execPath, [PRISM_CLI, ...args, '--verboseLevel', 'silent']));
  children.push(child);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries += 1) {
    if (exited !== undefined) throw new Error(`prism proxy exited ${exited}`);
    const answered = await fetch(`${url}/webhook.list`, { headers: HEADERS }).catch(() => null);
    if (answered?.ok) return url;
    await sleep(100);
  }
  throw new Error('prism proxy did not answer within 30 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The load is valid traffic answered as documented: the proxy reports nothing about it. */
async function expectClean(url: string, scenario: Scenario): Promise<void> {
  const headers = { ...HEADERS, ...(scenario.body ? { 'content-type': 'application/json' } : {}) };
  const answer = await fetch(url, { method: scenario.method, headers, body: scenario.body });
  await answer.arrayBuffer();
  for (const header of [REQUEST_VIOLATIONS_HEADER, VIOLATIONS_HEADER]) {
    const found = answer.headers.get(header);
    if (found) throw new Error(`${scenario.name}: the proxy reported ${header}: ${found}`);
  }
  if (!answer.ok) throw new Error(`${scenario.name}: the upstream answered ${answer.status}`);
}

function report(scenario: Scenario, rounds: Array<{ ours: Load; prism: Load }>): void {
  const rps = {
    ours: median(rounds.map((r) => r.ours.requests)),
    prism: median(rounds.map((r) => r.prism.requests)),
  };
  const p99 = {
    ours: median(rounds.map((r) => r.ours.p99)),
    prism: median(rounds.map((r) => r.prism.p99)),
  };
  console.log(
    `proxy: ${scenario.name} (${VERSION}) to the reference server, autocannon -c 10, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians`,
  );
  console.log(`  prism proxy       ${Math.round(rps.prism)} req/s, p99 ${p99.prism} ms`);
  console.log(`  validating proxy  ${Math.round(rps.ours)} req/s, p99 ${p99.ours} ms`);
  console.log(
    `  ratio ${(rps.ours / rps.prism).toFixed(2)} of Prism's proxy throughput (target >= 1); p99 ${(p99.ours / Math.max(p99.prism, 1)).toFixed(2)}x`,
  );
}
