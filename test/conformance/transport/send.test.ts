import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { couldNotFinish } from '../../../src/conformance/transport/could-not-finish.ts';
import { send } from '../../../src/conformance/transport/send.ts';
import { TransportError } from '../../../src/conformance/transport/transport-error.ts';
import { type Act, startRawServer } from './raw-server.ts';

const TLS = join(PROJECT_ROOT, 'test', 'fixtures', 'callback-tls');
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function rawServer(act: (at: { connection: number; request: number }) => Act) {
  const server = await startRawServer(act);
  stops.push(server.close);
  return server;
}

/** The error `promise` rejects with; a test fails if it resolves. */
async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const outcome = await promise.then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`answered: ${JSON.stringify(outcome.answer)}`);
  expect(outcome.error).toBeInstanceOf(TransportError);
  return outcome.error as TransportError;
}

// RFC 9112 §9.8: a server may close an idle connection at any time; Node servers do after 5 s. A
// request the suite writes on it as it closes never reached the implementation (§9.3.1).
describe('a request on a reused connection closed before any answer is sent again, once', () => {
  const cases: Array<[string, { method: string; body?: string; fate: Act }]> = [
    ['GET, the connection closed as it is written', { method: 'GET', fate: 'close-on-arrival' }],
    ['GET, the connection reset as it is written', { method: 'GET', fate: 'reset-on-arrival' }],
    [
      'POST, the connection closed as it is written',
      { method: 'POST', body: '{"n":1}', fate: 'close-on-arrival' },
    ],
    [
      'POST, the connection reset as it is written',
      { method: 'POST', body: '{"n":1}', fate: 'reset-on-arrival' },
    ],
  ];
  it.each(cases)('%s', async (_, { method, body, fate }) => {
    // The first connection answers one request and meets the second with `fate`; others answer.
    const server = await rawServer(({ connection, request }) =>
      connection === 1 && request === 2 ? fate : 'answer',
    );
    expect(await send({ url: `${server.url}/first` })).toMatchObject({ status: 200, body: 'ok' });
    const answer = await send({ url: `${server.url}/second`, method, ...(body ? { body } : {}) });
    expect(answer).toMatchObject({ status: 200, body: 'ok' });
    expect(server.arrived.map((a) => [a.connection, a.text.split(' ', 2).join(' ')])).toEqual([
      [1, 'GET /first'],
      [2, `${method} /second`],
    ]);
    if (body) expect(server.arrived[1]!.text.endsWith(`\r\n\r\n${body}`)).toBe(true);
  });

  it('a request sent again goes on a new connection, not on another idle one gone stale', async () => {
    // Two idle connections, both closed by the implementation as the next request is written.
    const server = await rawServer(({ connection, request }) =>
      connection <= 2 && request === 2 ? 'close-on-arrival' : 'answer',
    );
    await Promise.all([send({ url: `${server.url}/a` }), send({ url: `${server.url}/b` })]);
    expect(server.connections()).toBe(2);
    expect(await send({ url: `${server.url}/c` })).toMatchObject({ status: 200, body: 'ok' });
    expect(server.arrived.at(-1)).toMatchObject({ connection: 3 });
  });
});

describe('a request that may have been read is not sent again: it fails, naming why', () => {
  const cases: Array<
    [
      string,
      { fate: (request: number, connection: number) => Act; want: RegExp; connections: number },
    ]
  > = [
    [
      'a fresh connection reset after the request arrived',
      {
        fate: () => 'reset-after-request',
        want: /^POST \/x: the connection was reset by the implementation after the request was sent, before any answer \(ECONNRESET\)$/,
        connections: 1,
      },
    ],
    [
      'a reused connection reset once the answer began',
      {
        fate: (request) => (request === 1 ? 'answer' : 'reset-after-head'),
        want: /^POST \/x: the connection was cut off while the answer was arriving \(ECONNRESET\)$/,
        connections: 1,
      },
    ],
    [
      'a request sent again whose new connection is reset too',
      {
        fate: (request, connection) =>
          connection > 1 ? 'reset-after-request' : request === 1 ? 'answer' : 'reset-on-arrival',
        want: /\(ECONNRESET\); this was the second try, on a new connection: the reused one had closed before answering$/,
        connections: 2,
      },
    ],
  ];
  it.each(cases)('%s', async (_, { fate, want, connections }) => {
    const server = await rawServer(({ connection, request }) => fate(request, connection));
    // A first exchange where the case needs a connection to reuse.
    if (fate(1, 1) === 'answer') await send({ url: `${server.url}/first` });
    const error = await failure(send({ url: `${server.url}/x`, method: 'POST', body: 'b' }));
    expect(error.message).toMatch(want);
    expect(couldNotFinish(error)).toBe(error.message);
    expect(server.connections()).toBe(connections);
  });
});

describe('what the suite gives up on says what it waited for', () => {
  const cases: Array<[string, { fate: Act; timeoutMs?: number; want: RegExp }]> = [
    [
      'no answer at all',
      { fate: 'silent', timeoutMs: 300, want: /^GET \/x: no answer in 0\.3 s$/ },
    ],
    [
      'an answer that began and never ended',
      {
        fate: 'begin-only',
        timeoutMs: 300,
        want: /^GET \/x: no answer in 0\.3 s: the answer began but did not end$/,
      },
    ],
    [
      'a body past the bound',
      {
        fate: 'endless',
        want: /^GET \/x: the answer's body is over 16 MiB, the most the suite reads$/,
      },
    ],
  ];
  it.each(cases)('%s', async (_, { fate, timeoutMs, want }) => {
    const server = await rawServer(() => fate);
    const error = await failure(
      send({ url: `${server.url}/x`, ...(timeoutMs ? { timeoutMs } : {}) }),
    );
    expect(error.message).toMatch(want);
    expect(server.connections()).toBe(1);
  });

  it('an answer slower than an idle connection lasts is still read', async () => {
    const server = createHttpServer((_, res) => setTimeout(() => res.end('late'), 4_500));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    expect(await send({ url })).toMatchObject({ status: 200, body: 'late' });
  }, 15_000);
});

describe('a connection that cannot be opened says why', () => {
  it('refused: nothing listens there', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(send({ url: `http://127.0.0.1:${port}/v1/x` }));
    expect(error.message).toBe(
      `GET /v1/x: nothing accepts connections at http://127.0.0.1:${port} (ECONNREFUSED)`,
    );
  });

  it("an implementation's certificate the suite does not trust", async () => {
    const server = createHttpsServer(
      { cert: readFileSync(join(TLS, 'cert.pem')), key: readFileSync(join(TLS, 'key.pem')) },
      (_, res) => res.end('ok'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`;
    const error = await failure(send({ url }));
    expect(error.message).toMatch(
      /^GET \/v1\/x: the implementation's TLS certificate is not trusted: .*NODE_EXTRA_CA_CERTS \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/,
    );
  });

  it('the same certificate is trusted with its CA in NODE_EXTRA_CA_CERTS', async () => {
    const server = createHttpsServer(
      { cert: readFileSync(join(TLS, 'cert.pem')), key: readFileSync(join(TLS, 'key.pem')) },
      (_, res) => res.end('trusted'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`;
    // Node reads NODE_EXTRA_CA_CERTS when it starts: a process of its own.
    const code = `import('./src/conformance/transport/send.ts').then(({ send }) => send({ url: ${JSON.stringify(url)} })).then((a) => console.log(JSON.stringify(a)))`;
    const printed = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', code],
        { cwd: PROJECT_ROOT, env: { ...process.env, NODE_EXTRA_CA_CERTS: join(TLS, 'ca.pem') } },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      ),
    );
    expect(JSON.parse(printed)).toMatchObject({ status: 200, body: 'trusted' });
  });
});

describe('answers are read as the checks read them', () => {
  it.each([
    [
      'a redirect is returned, not followed',
      {
        head: [['location', '/elsewhere']] as Array<[string, string]>,
        status: 302,
        body: '',
        want: { status: 302, headers: expect.objectContaining({ location: '/elsewhere' }) },
      },
    ],
    [
      'each set-cookie on its own line; other repeated headers joined',
      {
        head: [
          ['set-cookie', 'a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT'],
          ['set-cookie', 'b=2'],
          ['x-many', '1'],
          ['x-many', '2'],
        ] as Array<[string, string]>,
        status: 200,
        body: '',
        want: {
          headers: expect.objectContaining({
            'set-cookie': 'a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT\nb=2',
            'x-many': '1, 2',
          }),
        },
      },
    ],
    [
      'a JSON body parsed, past a byte-order mark',
      {
        head: [['content-type', 'application/json']] as Array<[string, string]>,
        status: 200,
        body: '\uFEFF{"ok":true}',
        want: { status: 200, body: { ok: true } },
      },
    ],
    [
      'text kept as text, an empty body as nothing',
      { head: [], status: 204, body: '', want: { status: 204, body: undefined } },
    ],
  ])('%s', async (_, { head, status, body, want }) => {
    const server = createHttpServer((_, res) => {
      res.writeHead(status, head.flat());
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
    expect(await send({ url })).toMatchObject(want);
  });
});
