import { execFile } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShownRequest, curlLine } from '../../../src/conformance/transport/curl-line.ts';
import { REDACTED } from '../../../src/redact.ts';

// A failure's curl line must replay as printed: pasted into a shell with TOKEN and BASE_URL set,
// it sends the very request again. Each line here is run by bash and curl against a server that
// echoes what it got.
const run = promisify(execFile);
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function replay(line: string) {
  const { stdout } = await run('bash', ['-c', line.replace(/^curl -i /, 'curl -s ')], {
    env: { ...process.env, TOKEN: 'sk-secret value', BASE_URL: base },
  });
  return JSON.parse(stdout) as {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string;
  };
}

describe('curlLine, run by a shell as printed', () => {
  it.each<[string, ShownRequest, { authorization?: string; body?: string; url: string }]>([
    [
      'a generated case: $TOKEN is expanded, not sent as text',
      { method: 'POST', path: '/v1/x', headers: { authorization: 'Bearer $TOKEN' } },
      { authorization: 'Bearer sk-secret value', url: '/v1/x' },
    ],
    [
      'a check exchange: the redaction mark stands for the token',
      { method: 'GET', path: '/v1/y?a=1&b=2', headers: { authorization: `Bearer ${REDACTED}` } },
      { authorization: 'Bearer sk-secret value', url: '/v1/y?a=1&b=2' },
    ],
    [
      'quotes, dollars and backslashes in a body are sent as they are',
      {
        method: 'POST',
        path: '/v1/z',
        headers: { 'content-type': 'application/json' },
        body: `{"text":"it's $HOME \\\\ \`ls\` \\"q\\""}`,
      },
      { body: `{"text":"it's $HOME \\\\ \`ls\` \\"q\\""}`, url: '/v1/z' },
    ],
    [
      "a made-up token that is not the profile's stays as it is",
      { method: 'POST', path: '/v1/x', headers: { authorization: "Bearer unknown-!'$x" } },
      { authorization: "Bearer unknown-!'$x", url: '/v1/x' },
    ],
  ])('%s', async (_, request, expected) => {
    const got = await replay(curlLine(request));
    expect(got.method).toBe(request.method);
    expect(got.url).toBe(expected.url);
    if (expected.authorization) expect(got.headers.authorization).toBe(expected.authorization);
    if (expected.body) expect(got.body).toBe(expected.body);
  });

  it('puts a given base URL in the line instead of $BASE_URL', async () => {
    const line = curlLine({ method: 'GET', path: '/v1/w' }, base);
    expect(line).not.toContain('$BASE_URL');
    expect((await replay(line)).url).toBe('/v1/w');
  });
});
