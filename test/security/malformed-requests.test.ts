import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// Thousands of malformed requests, generated across every documented operation, sent over real
// HTTP to the reference server, the mock and the proxy, each run as the CLI in its own process:
// none may answer 500 or crash the process, memory stays bounded, and a well-formed request is
// still answered afterwards. The seed is fixed, so a failure replays; fast-check shrinks it.
const RUNS_PER_SERVER = Number(process.env.MALFORMED_RUNS ?? 2_000);
const SEED = Number(process.env.MALFORMED_SEED ?? 20261123);
const BIN = join(PROJECT_ROOT, 'bin', 'service-contract.js');
const PROTO = PROTOTYPE_NAMES;
const OPERATIONS: Array<[string, string]> = [
  ['POST', '/v0/webhook.subscribe'],
  ['POST', '/v0/webhook.unsubscribe'],
  ['GET', '/v1/webhook.list'],
  ['POST', '/v1/chat.postEphemeral'],
  ['POST', '/v1/webhook.subscribe'],
  ['POST', '/v1/webhook.unsubscribe'],
  ['GET', '/v1/token.info'],
  ['POST', '/v1/token.revoke'],
  ['GET', '/oauth/authorize'],
  ['POST', '/oauth/authorize'],
  ['POST', '/oauth/token'],
  ['GET', '/.well-known/oauth-authorization-server'],
  ['GET', '/reference/ephemeral-stream'],
  ['GET', '/'],
];

interface Target {
  name: string;
  args: (dir: string, upstream: string) => string[];
  tokens: string[];
  health: { path: string; token: string };
}
const TARGETS: Target[] = [
  {
    name: 'reference',
    args: (dir) => ['serve', '--port', '0', '--data', join(dir, 'data')],
    tokens: ['sk-2026-08-25', 'sk-2026-06-01', 'sk-no-scopes', 'sk-revoked', 'pat-ada'],
    health: { path: '/v1/webhook.list', token: 'sk-unpinned' },
  },
  {
    name: 'mock',
    args: () => ['mock', '--port', '0'],
    tokens: [
      'mock-2026-08-25',
      'mock-2026-06-01',
      'mock-no-scopes',
      'mock-revoked',
      'mock-personal',
    ],
    health: { path: '/v1/webhook.list', token: 'mock-2026-07-07' },
  },
  {
    name: 'proxy',
    args: (_, upstream) => ['proxy', '--port', '0', '--upstream', upstream],
    tokens: ['sk-2026-08-25', 'sk-2026-07-07', 'sk-no-scopes'],
    health: { path: '/v1/webhook.list', token: 'sk-unpinned' },
  },
];

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const nested = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}${close.repeat(depth)}`;
// What a client can put in a header value: visible ASCII and Latin-1, spaces and tabs.
const headerChar = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code !== 0x7f)
  .map((code) => String.fromCharCode(code));
const headerText = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 60 }),
  fc.constantFrom(...PROTO, '%', '%E0%A4%A', 'x'.repeat(2000)),
);
const anyText = fc.oneof(
  fc.string(),
  fc.constantFrom(...PROTO),
  fc.constant('%'),
  fc.constant('%E0%A4%A'),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(2000)),
);
const hostileObject = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      ...PROTO,
      'url',
      'event',
      'filter',
      'id',
      'chatId',
      'userId',
      'text',
      'sender',
      'names',
      'chatType',
      'mention',
      'code',
      'grant_type',
      'client_id',
      'client_secret',
      'code_verifier',
      'refresh_token',
      'redirect_uri',
      'scope',
    ),
    fc.string(),
  ),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 8 },
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  hostileObject.map((value) => JSON.stringify(value)),
  fc
    .record({
      url: fc.oneof(
        fc.webUrl(),
        anyText,
        fc.constantFrom(
          'https://169.254.169.254/latest',
          'https://user:pass@example.com/',
          'https://example.com/a\r\nb',
          'https://[::1]/',
          'https://0x7f000001/',
        ),
      ),
      event: fc.constantFrom('chat.message', ...PROTO),
      filter: fc.oneof(hostileObject, fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
    })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    JSON.stringify({
      chatId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
      userId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e12',
      text: 'x'.repeat(9000),
    }),
    'null',
    '{}',
    '[]',
    '0',
    '"x"',
    'true',
    '{',
    '{"a":',
    nested(6000, '[', ']'),
    nested(6000, '{"filter":', '}').replace('{}', '1'),
    `{"filter":${nested(5000, '{"a":', '}').replace('"a":}', '"a":1}')}}`,
  ),
);
const formBody = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            ...PROTO,
            'id',
            'url',
            'event',
            'filter',
            'grant_type',
            'code',
            'client_id',
            'client_secret',
            'code_verifier',
            'redirect_uri',
            'refresh_token',
            'scope',
            'consent',
          ),
          fc.string(),
        ),
        anyText,
      ),
      { maxLength: 8 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom('%', 'a=%zz', '=&=&', 'id=1&id=2', `filter=${nested(3000, '{', '}')}`),
);
const authorization = (tokens: string[]) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...tokens).map((token) => `Bearer ${token}`),
    fc.constantFrom(...PROTO).map((name) => `Bearer ${name}`),
    headerText.map((text) => `Bearer ${text}`),
    headerText,
    fc
      .tuple(anyText, anyText)
      .map(([user, secret]) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`),
    fc.constantFrom(
      'Basic %%%',
      'Basic !!!',
      `Basic ${Buffer.from('client_confidential:%E0%A4%A').toString('base64')}`,
      `Basic ${Buffer.from('client_confidential:ünïcødé-sécret').toString('base64')}`,
    ),
  );
const version = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '2026-08-25',
    '2026-06-01',
    '2031-01-01',
    '2026-13-45',
    '1',
    'true',
    'null',
    '',
    ...PROTO,
  ),
  headerText,
);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=x',
  '*/*',
  'garbage',
);
// Node refuses a request head over 16 KiB by closing the connection: the query stays well below.
const queryText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...PROTO, '%', '%E0%A4%A', 'x'.repeat(1000)),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            ...PROTO,
            'user',
            'client_id',
            'redirect_uri',
            'response_type',
            'state',
            'code_challenge',
            'code_challenge_method',
            'scope',
          ),
          fc.string(),
        ),
        queryText,
      ),
      { maxLength: 6 },
    )
    .map((pairs) => `?${new URLSearchParams(pairs)}`),
  fc.constantFrom('?%', '?user=%zz', '?a=1&a=2'),
);

function requests(tokens: string[]): fc.Arbitrary<Sent> {
  const body = fc.oneof(
    fc.constant(undefined),
    jsonBody,
    formBody,
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  );
  return fc
    .record({
      operation: fc.constantFrom(...OPERATIONS),
      otherMethod: fc.option(fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), {
        freq: 5,
      }),
      mangle: fc.option(fc.constantFrom('//', '/./', '/%2e%2e/', '%00', '/../', '\\'), { freq: 8 }),
      query,
      authorization: authorization(tokens),
      version,
      contentType,
      body,
    })
    .map(
      ({
        operation: [method, path],
        otherMethod,
        mangle,
        query: q,
        authorization: auth,
        version: v,
        contentType: type,
        body: b,
      }) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (v !== undefined) headers['service-version'] = v;
        if (type !== undefined) headers['content-type'] = type;
        const finalMethod = otherMethod ?? method;
        const sentBody =
          finalMethod === 'GET' || finalMethod === 'HEAD' || b === undefined
            ? undefined
            : Buffer.from(b);
        // node:http frames no body of DELETE or OPTIONS by itself: without a length the server
        // would read the body as the next request.
        if (sentBody) headers['content-length'] = String(sentBody.length);
        return {
          method: finalMethod,
          path: `${mangle ? path.replace('/', mangle) : path}${q}`,
          headers,
          body: sentBody,
        };
      },
    );
}

/**
 * Sends one request as it is (node:http, no fetch normalisation) on a connection of its own: a
 * reused one could be reset by the answer to the request before, which would blame this one.
 */
function send(
  base: string,
  sent: Sent,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${sent.path.startsWith('/') ? '' : '/'}${sent.path}`,
      { method: sent.method, headers: sent.headers, agent: false, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          if (body.length < 2_000) body += chunk;
        });
        // The ephemeral stream never ends: its status and headers are the answer.
        if (res.headers['content-type']?.startsWith('text/event-stream'))
          return void (
            res.destroy(),
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
          );
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer to ${sent.method} ${sent.path} in 10 s`)),
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  exited: () => number | null;
}
function start(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: PROJECT_ROOT });
  let code: number | null = null;
  child.on('exit', (exitCode) => (code = exitCode ?? -1));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, exited: () => code });
    });
    child.stderr!.on('data', () => {});
    child.on('exit', () => reject(new Error(`${args.join(' ')} exited: ${output}`)));
  });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

let dir = '';
const running = new Map<string, Running>();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-contract-malformed-'));
  running.set('reference', await start(TARGETS[0]!.args(dir, '')));
  running.set('mock', await start(TARGETS[1]!.args(dir, '')));
  running.set('proxy', await start(TARGETS[2]!.args(dir, running.get('reference')!.url)));
}, 60_000);
afterAll(async () => {
  for (const { child } of running.values()) child.kill();
  await rm(dir, { recursive: true, force: true });
});

describe('malformed requests', () => {
  it.each(TARGETS.map((target) => [target.name, target] as const))(
    '%s: no 500, no crash, bounded memory, and it still answers',
    async (name, target) => {
      const server = running.get(name)!;
      const before = rssOf(server.child.pid!);
      await fc.assert(
        fc.asyncProperty(requests(target.tokens), async (sent) => {
          const answer = await send(server.url, sent);
          expect(server.exited(), 'the process exited').toBeNull();
          expect(
            answer.status,
            `${sent.method} ${sent.path} ${JSON.stringify(sent.headers)} ${sent.body?.toString('utf8').slice(0, 200)} -> ${answer.body}`,
          ).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_SERVER, seed: SEED, endOnFailure: true },
      );
      const health = await send(server.url, {
        method: 'GET',
        path: target.health.path,
        headers: { authorization: `Bearer ${target.health.token}` },
      });
      expect(health.status).toBe(200);
      // Thousands of requests later the process holds no more than a bounded working set.
      expect(rssOf(server.child.pid!) - before).toBeLessThan(150 * 1024 * 1024);
    },
    300_000,
  );
});
