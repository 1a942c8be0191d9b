import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { seedWorkspace } from '../../src/reference/fixtures.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// Known canary values sent as credentials through every server and command (a bearer token, an
// access token in a query, a client secret and a code in a form, a signing secret on the command
// line): none of them may appear in anything the toolkit prints or writes, logs, headers and
// reports alike. The profile's own test tokens may appear in `curl` lines, which say so.
const run = promisify(execFile);
const BIN = join(PROJECT_ROOT, 'bin', 'service-contract.js');
const CANARY = {
  bearer: 'canary-bearer-3f9d71',
  query: 'canary-access-token-8a1c42',
  clientSecret: 'canary-client-secret-5b2e93',
  code: 'canary-code-77d0e1',
  signing: `whsec_${Buffer.from('canary-signing-secret-32-bytes!!').toString('base64')}`,
};
const CANARIES = Object.values(CANARY);
// The signing secret's key, should something print it without its prefix.
CANARIES.push(CANARY.signing.slice('whsec_'.length));

/** `conformance` as a process, with `profile` written to `name`, at the pinned version. */
async function conformance(
  profile: ReturnType<typeof profileOf>,
  name: string,
  args: string[],
): Promise<{ stdout: string; stderr: string }> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(profile));
  const version = profile.credentials.find((c) => c.pin)!.pin!;
  return run(
    process.execPath,
    [BIN, 'conformance', '--profile', file, '--version', version, ...args],
    { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 },
  ).catch((failed: { stdout: string; stderr: string }) => failed);
}

let dir = '';
const children: ChildProcess[] = [];
/** Everything a child printed, collected as it comes. */
const printed = new Map<string, string[]>();

async function start(name: string, args: string[]): Promise<string> {
  const { child, urls } = await spawnListening([BIN, ...args]);
  children.push(child);
  const out: string[] = [];
  printed.set(name, out);
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return urls['listening on']!;
}

/** Sends the canary requests to `url`; what came back, headers and bodies, as text. */
async function sendCanaries(url: string): Promise<string> {
  const answers: string[] = [];
  const requests: Array<[string, RequestInit]> = [
    [
      `/v1/webhook.list?access_token=${CANARY.query}`,
      { headers: { authorization: `Bearer ${CANARY.bearer}` } },
    ],
    [
      '/v1/chat.postEphemeral',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${CANARY.bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ chatId: 'nope', text: 1 }),
      },
    ],
    [
      '/oauth/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: CANARY.code,
          client_id: 'client_confidential',
          client_secret: CANARY.clientSecret,
          redirect_uri: 'http://localhost:8080/callback',
        }).toString(),
      },
    ],
    [
      `/oauth/authorize?response_type=code&client_id=nobody&code=${CANARY.code}&access_token=${CANARY.query}`,
      { redirect: 'manual' },
    ],
  ];
  for (const [path, init] of requests) {
    const response = await fetch(`${url}${path}`, init);
    answers.push(JSON.stringify([...response.headers]), await response.text());
  }
  return answers.join('\n');
}

const leaks = (text: string) => CANARIES.filter((canary) => text.includes(canary));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-canary-'));
}, 30_000);
afterAll(async () => {
  for (const child of children) child.kill();
  await rm(dir, { recursive: true, force: true });
});

describe('no credential in anything printed', () => {
  it('the reference server, the mock and the proxy: logs, headers and answers', async () => {
    const reference = await start('reference', ['serve', '--port', '0', '--data', join(dir, 'd')]);
    const mock = await start('mock', ['mock', '--port', '0']);
    const proxy = await start('proxy', ['proxy', '--port', '0', '--upstream', reference]);
    const answers = [
      await sendCanaries(reference),
      await sendCanaries(mock),
      await sendCanaries(proxy),
    ].join('\n');
    // The proxy judged the requests: its log lines name them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logs = [...printed.values()].flat().join('');
    expect(logs).toMatch(/request-violation/);
    expect(logs).toContain('[redacted]');
    expect(leaks(logs)).toEqual([]);
    expect(leaks(answers)).toEqual([]);
  }, 60_000);

  it('listen and trigger, given a signing secret', async () => {
    const listener = await start('listen', ['listen', '--port', '0', '--secret', CANARY.signing]);
    const sent = await run(
      process.execPath,
      [BIN, 'trigger', 'chat.message', '--to', listener, '--secret', CANARY.signing],
      { cwd: PROJECT_ROOT },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const text = `${sent.stdout}${sent.stderr}${(printed.get('listen') ?? []).join('')}`;
    expect(text).toMatch(/chat\.message/);
    expect(leaks(text)).toEqual([]);
  }, 60_000);

  it('the conformance suite: its summary and its reports, against a server that echoes', async () => {
    // Every answer repeats the request it got, body and target: findings quote answers. The
    // token endpoint takes every request, so the checks that want it refused quote its answer.
    const echo = await startRecordingServer((request) => ({
      status: request.url === '/oauth/token' ? 200 : 400,
      body: { error: 'invalid_request', got: `${request.url} ${request.body}` },
    }));
    try {
      const written = profileOf(echo.url, seedWorkspace());
      const profile = {
        ...written,
        signingSecret: CANARY.signing,
        signingSecrets: {},
        oauthClients: written.oauthClients.map((c) =>
          c.secret ? { ...c, secret: CANARY.clientSecret } : c,
        ),
      };
      const [json, junit] = [join(dir, 'report.json'), join(dir, 'report.xml')];
      const result = await conformance(profile, 'profile.json', [
        '--only',
        'AUTH-03,AUTH-04,AUTH-08,AUTH-12',
        '--report',
        `json:${json}`,
        '--report',
        `junit:${junit}`,
      ]);
      const reports = `${await readFile(json, 'utf8')}${await readFile(junit, 'utf8')}`;
      const text = `${result.stdout}${result.stderr}${reports}`;
      // The echoing server fails the checks: their findings quote what it answered.
      expect(text).toMatch(/FAILED/);
      expect(text).toContain('[redacted]');
      expect(leaks(text)).toEqual([]);
    } finally {
      await echo.close();
    }
  }, 60_000);

  // The generated requests' failures carry the case and a curl line to replay it: the profile's
  // credentials in them are `$TOKEN`, in the terminal and in every report kind.
  it('the generated requests name no credential of the profile in any report', async () => {
    const echo = await startRecordingServer((request) => ({
      status: 400,
      body: { error: 'invalid_request', got: `${request.url} ${request.body}` },
    }));
    try {
      const written = profileOf(echo.url, seedWorkspace());
      const tokens = written.credentials.map((c, i) => `${CANARY.bearer}-${i}`);
      const profile = {
        ...written,
        credentials: written.credentials.map((c, i) => ({ ...c, token: tokens[i]! })),
      };
      const reports = ['json', 'junit', 'html'].map((kind) => [
        kind,
        join(dir, `generated.${kind}`),
      ]);
      const result = await conformance(profile, 'generated-profile.json', [
        '--only',
        'generated',
        '--max-examples',
        '5',
        '--seed',
        '1',
        ...reports.flatMap(([kind, at]) => ['--report', `${kind}:${at}`]),
      ]);
      const texts = await Promise.all(reports.map(([, at]) => readFile(at!, 'utf8')));
      const text = `${result.stdout}${result.stderr}${texts.join('')}`;
      // Every answer is a 400, so valid requests fail and their cases are reported.
      expect(text).toMatch(/curl/);
      expect(text).toContain('$TOKEN');
      expect(tokens.filter((token) => text.includes(token))).toEqual([]);
    } finally {
      await echo.close();
    }
  }, 60_000);
});
