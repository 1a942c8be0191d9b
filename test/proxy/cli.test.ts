import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { REQUEST_VIOLATIONS_HEADER } from '../../src/proxy/proxy.ts';
import { startRecordingServer } from '../support/recording-server.ts';

// The proxy as users run it: the compiled CLI, with and without --reject-invalid.
let upstream: Awaited<ReturnType<typeof startRecordingServer>>;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  upstream = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  for (const child of children) child.kill();
  await upstream.close();
});

/** Starts `service-contract proxy` on a port it picks; its URL, and what it writes to stderr. */
async function startCli(...flags: string[]) {
  const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');
  const args = [bin, 'proxy', '--upstream', upstream.url, '--port', '0', ...flags];
  const child = spawn(process.execPath, args);
  children.push(child);
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/[\d.:]+)/.exec(String(chunk));
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`proxy exited ${code}: ${stderr.join('')}`)));
  });
  return { url, stderr };
}

/** Waits until the process has written `pattern` to stderr (the log line follows the answer). */
async function logged(stderr: string[], pattern: RegExp): Promise<string> {
  for (;;) {
    const line = stderr
      .join('')
      .split('\n')
      .find((l) => pattern.test(l));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const NO_TOKEN = { headers: { 'service-version': '2026-08-25' } };

describe('service-contract proxy', () => {
  const modes: Array<[string, string[], { status: number; forwarded: number; fate: string }]> = [
    ['by default', [], { status: 200, forwarded: 1, fate: 'forwarded' }],
    [
      'with --reject-invalid',
      ['--reject-invalid'],
      { status: 401, forwarded: 0, fate: 'rejected' },
    ],
  ];
  it.each(modes)(
    '%s reports a request without a credential, in a header and a log line',
    async (_, flags, expected) => {
      const { url, stderr } = await startCli(...flags);
      const before = upstream.requests.length;
      const response = await fetch(`${url}/v1/webhook.list`, NO_TOKEN);
      expect(response.status).toBe(expected.status);
      if (expected.status === 401) expect(await response.json()).toEqual({ error: 'not_authed' });
      expect(upstream.requests.length - before).toBe(expected.forwarded);
      expect(JSON.parse(response.headers.get(REQUEST_VIOLATIONS_HEADER)!)).toEqual([
        expect.objectContaining({ rule: 'not_authed', location: 'header Authorization' }),
      ]);
      const line = await logged(stderr, /^request-violation /);
      expect(line).toBe(
        `request-violation GET /v1/webhook.list 401 ${expected.fate}: header Authorization: the request has no \`Authorization: Bearer\` credential`,
      );
    },
  );
});
