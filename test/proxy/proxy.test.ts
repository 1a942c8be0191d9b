import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortUnavailableError } from '../../src/http/listen.ts';
import { startMock } from '../../src/mock/server.ts';
import { VIOLATIONS_HEADER, startProxy } from '../../src/proxy/proxy.ts';
import { startRecordingServer } from '../support/recording-server.ts';

const logged: string[] = [];
let wrong: Awaited<ReturnType<typeof startRecordingServer>>;
let mock: Awaited<ReturnType<typeof startMock>>;
let toWrong: Awaited<ReturnType<typeof startProxy>>;
let toMock: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  // An upstream that breaks the contract: no `ok`, `webhooks` not a list, no Service-Version
  // header.
  wrong = await startRecordingServer(() => ({ status: 200, body: { webhooks: 'none' } }));
  mock = await startMock();
  toWrong = await startProxy({ upstream: wrong.url, log: (line) => logged.push(line) });
  toMock = await startProxy({ upstream: mock.url, log: (line) => logged.push(line) });
}, 60_000);
afterAll(async () => Promise.all([wrong.close(), mock.close(), toWrong.close(), toMock.close()]));

describe('proxy', () => {
  it('SUB-07, VER-03: reports a wrong answer in a header and a log line, and passes it on unchanged', async () => {
    const response = await fetch(`${toWrong.url}/v1/webhook.list`, {
      headers: { authorization: 'Bearer x', 'service-version': '2026-08-25' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ webhooks: 'none' });
    const violations = JSON.parse(response.headers.get(VIOLATIONS_HEADER) ?? '[]') as Array<{
      rule: string;
      location: string;
    }>;
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'missing_header', location: 'header Service-Version' }),
        expect.objectContaining({ rule: 'body', location: 'body' }),
        expect.objectContaining({ rule: 'body', location: 'body/webhooks' }),
      ]),
    );
    // The documented format: each entry is a diagnostic with these fields and no others.
    for (const violation of violations)
      expect(Object.keys(violation).sort()).toEqual(['location', 'message', 'rule', 'severity']);
    expect(violations.every((v) => (v as { severity?: string }).severity === 'error')).toBe(true);
    const line = logged.find((l) => l.startsWith('violation GET /v1/webhook.list 200: '));
    expect(line).toContain('header Service-Version: required header Service-Version is missing');
    expect(wrong.requests.at(-1)?.headers.authorization).toBe('Bearer x');
  });

  it('forwards request bodies and reports an undocumented status', async () => {
    const response = await fetch(`${toWrong.url}/v0/webhook.unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=abc',
    });
    expect(wrong.requests.at(-1)?.body).toBe('id=abc');
    expect(response.headers.get(VIOLATIONS_HEADER)).toContain('"rule":"undocumented_status"');
  });

  it('passes a compressed answer on as sent and judges it decoded', async () => {
    const zipped = gzipSync(JSON.stringify({ webhooks: 'none' }));
    const server = createServer((_, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(zipped),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${port}`, log: () => {} });
    try {
      const response = await fetch(`${proxy.url}/v1/webhook.list`, {
        headers: { authorization: 'Bearer x', 'service-version': '2026-08-25' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(await response.json()).toEqual({ webhooks: 'none' });
      expect(response.headers.get(VIOLATIONS_HEADER)).toContain('"location":"body/webhooks"');
    } finally {
      await proxy.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('adds nothing to an answer that conforms', async () => {
    const response = await fetch(`${toMock.url}/v1/webhook.list`, {
      headers: { authorization: 'Bearer mock-2026-08-25' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('service-version')).toBe('2026-08-25');
    expect(response.headers.get(VIOLATIONS_HEADER)).toBeNull();
  });

  it('keeps the violations header JSON when it is cut: whole diagnostics, then how many more', async () => {
    // 400 subscriptions missing every field: thousands of body diagnostics, far over 8 KiB.
    const many = await startRecordingServer(() => ({
      status: 200,
      headers: { 'service-version': '2026-08-25' },
      body: { ok: true, webhooks: Array.from({ length: 400 }, () => ({})) },
    }));
    const proxy = await startProxy({ upstream: many.url, log: (line) => logged.push(line) });
    try {
      const response = await fetch(`${proxy.url}/v1/webhook.list`, {
        headers: { 'service-version': '2026-08-25' },
      });
      const header = response.headers.get(VIOLATIONS_HEADER) ?? '';
      expect(header.length).toBeLessThanOrEqual(8 * 1024);
      const violations = JSON.parse(header) as Array<{ rule: string; message: string }>;
      const last = violations.at(-1)!;
      expect(last.rule).toBe('more_violations');
      const logLine = logged.find(
        (l) =>
          l.startsWith(`violation GET /v1/webhook.list 200: `) && l.includes('body/webhooks/399'),
      );
      const inLog = logLine!.split('; ').length;
      expect(violations.length - 1 + Number(/^(\d+) more/.exec(last.message)![1])).toBe(inLog);
    } finally {
      await Promise.all([proxy.close(), many.close()]);
    }
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const dead = await startProxy({
      upstream: 'http://127.0.0.1:9',
      log: (line) => logged.push(line),
    });
    const response = await fetch(`${dead.url}/v1/webhook.list`);
    expect(response.status).toBe(502);
    await dead.close();
  });

  it('on a busy port rejects with PortUnavailableError, the error its command turns into one line', async () => {
    const port = Number(new URL(toMock.url).port);
    await expect(startProxy({ upstream: mock.url, port })).rejects.toBeInstanceOf(
      PortUnavailableError,
    );
  });

  it.each(['\\', '//evil.example/v1/webhook.list', '\\v1/webhook.list'])(
    'refuses the request-target %s with 400, forwarding nothing',
    async (target) => {
      const before = wrong.requests.length;
      const status = await new Promise<number>((resolve, reject) => {
        request(`${toWrong.url}/`, { path: target }, (res) => resolve(res.resume().statusCode ?? 0))
          .on('error', reject)
          .end();
      });
      expect(status).toBe(400);
      expect(wrong.requests.length).toBe(before);
    },
  );
});
