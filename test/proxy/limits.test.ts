import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { startProxy } from '../../src/proxy/proxy.ts';
import { startRecordingServer } from '../support/recording-server.ts';

// The proxy's memory is bounded by what one request may hold (its body and its answer) times the
// requests in flight: each bound is refused in the spec's error shape, never buffered past.
const KIB = 1024;
// One chunk sent again and again: the sender's own memory stays flat.
const ZEROS = new Uint8Array(64 * KIB);
let slow: Awaited<ReturnType<typeof startRecordingServer>>;
let big: Awaited<ReturnType<typeof startRecordingServer>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let toBig: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  slow = await startRecordingServer(() => ({ status: 200, body: { ok: true }, delayMs: 300 }));
  big = await startRecordingServer(() => ({
    status: 200,
    body: { ok: true, blob: 'x'.repeat(64 * KIB) },
  }));
  proxy = await startProxy({
    upstream: slow.url,
    maxBodyBytes: 4 * KIB,
    maxInFlight: 2,
    log: () => {},
  });
  toBig = await startProxy({ upstream: big.url, maxAnswerBytes: 16 * KIB, log: () => {} });
});
afterAll(() => Promise.all([slow.close(), big.close(), proxy.close(), toBig.close()]));

/** A body sent in chunks with no Content-Length, so only counting can catch its size. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const size = Math.min(left, 64 * KIB);
      left -= size;
      controller.enqueue(size === ZEROS.length ? ZEROS : ZEROS.subarray(0, size));
    },
  });
}

describe('proxy bounds', () => {
  const bodies: Array<[string, { body: () => BodyInit; status: number }]> = [
    ['a body at the limit is forwarded', { body: () => 'x'.repeat(4 * KIB), status: 200 }],
    [
      'a declared Content-Length over the limit is refused, none of it kept',
      { body: () => 'x'.repeat(4 * KIB + 1), status: 413 },
    ],
    [
      'a chunked body over the limit is refused by counting',
      { body: () => chunked(64 * KIB) as unknown as BodyInit, status: 413 },
    ],
  ];
  it.each(bodies)('%s', async (_, { body, status }) => {
    const response = await fetch(`${proxy.url}/v1/webhook.subscribe`, {
      method: 'POST',
      body: body(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(status);
    if (status === 413)
      expect(await response.json()).toEqual({ ok: false, error: 'request_too_large' });
  });

  it('past maxInFlight, requests get 503 proxy_busy with Retry-After, and the first ones are served', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${proxy.url}/v1/webhook.list`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 503, 503, 503]);
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toEqual({ ok: false, error: 'proxy_busy' });
    // Once they are done, there is room again.
    expect((await fetch(`${proxy.url}/v1/webhook.list`)).status).toBe(200);
  });

  it('an upstream answer over maxAnswerBytes is cut off and answered 502', async () => {
    const response = await fetch(`${toBig.url}/v1/webhook.list`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ ok: false, error: 'upstream_too_large' });
  });

  it.each([
    ['maxBodyBytes', Number.NaN],
    ['maxInFlight', 0],
    ['maxAnswerBytes', -1],
  ] as const)('refuses %s = %s at start', async (name, value) => {
    await expect(startProxy({ upstream: slow.url, [name]: value })).rejects.toThrow(
      new RegExp(`^${name} must be a positive whole number`),
    );
  });

  it('five 60 MB uploads at once leave the proxy process bounded in memory', async () => {
    // The proxy runs as the CLI process, so its peak resident memory (VmHWM) is its own alone.
    const child = spawn(process.execPath, [
      join(PROJECT_ROOT, 'bin', 'service-contract.js'),
      'proxy',
      '--upstream',
      slow.url,
      '--port',
      '0',
    ]);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening on (http:\/\/[\d.:]+)/.exec(String(chunk));
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`proxy exited ${code}`)));
      });
      const peak = () =>
        Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) *
        KIB;
      const before = peak();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${url}/v1/webhook.subscribe`, {
            method: 'POST',
            body: chunked(60 * 1024 * KIB) as unknown as BodyInit,
            duplex: 'half',
          } as RequestInit),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413, 413]);
      // 300 MB went in and was read to its end; the peak grew by less than one upload (what it
      // grows by is the collector's lag over the bytes dropped, not anything kept).
      expect(peak() - before).toBeLessThan(60 * 1024 * KIB);
    } finally {
      child.kill();
    }
  }, 60_000);
});
