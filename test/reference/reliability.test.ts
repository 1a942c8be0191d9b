import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP } from '../../src/reference/fixtures.ts';
import { startReference } from '../../src/reference/server.ts';
import { openStore } from '../../src/reference/store.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'service-reference-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function subscribe(url: string, target: string) {
  return fetch(`${url}/v0/webhook.subscribe`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-2026-08-25', 'content-type': 'application/json' },
    body: JSON.stringify({ url: target, event: 'lobby:booked' }),
  });
}

/** `service-contract serve` as its own process, so it can be killed like a real one. */
async function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const { child, urls } = await spawnListening([
    join(PROJECT_ROOT, 'bin', 'service-contract.js'),
    'serve',
    '--port',
    '0',
    '--data',
    dataDir,
  ]);
  cleanups.push(async () => child.kill('SIGKILL'));
  return { child, url: urls['listening on']! };
}

describe('reference server reliability', () => {
  it('SUB-02: 200 concurrent identical subscribes leave one subscription', async () => {
    const server = await startReference({ dataDir: await tempDir() });
    cleanups.push(() => server.close());
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => subscribe(server.url, 'https://h.example.com/same')),
    );
    const ids = await Promise.all(
      answers.map(async (answer) =>
        answer.status === 200
          ? ((await answer.json()) as { id: string }).id
          : `status ${answer.status}`,
      ),
    );
    expect(new Set(ids)).toEqual(new Set([ids[0]]));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await server.store.listSubscriptions(APP, 'v0')).filter(
        (s) => s.url === 'https://h.example.com/same',
      ),
    ).toHaveLength(1);
  });

  it('keeps every acknowledged subscription across a restart', async () => {
    const dataDir = await tempDir();
    const first = await startReference({ dataDir });
    const { id } = (await (await subscribe(first.url, 'https://h.example.com/kept')).json()) as {
      id: string;
    };
    await first.close();
    const second = await startReference({ dataDir });
    cleanups.push(() => second.close());
    expect((await second.store.listSubscriptions(APP, 'v0')).map((s) => s.id)).toContain(id);
    expect(
      (await second.store.listSubscriptions(APP, 'v1')).filter((s) => !s.dynamic),
    ).toHaveLength(1);
  });

  it('loses no acknowledged subscribe when killed with SIGKILL in the middle of a burst', async () => {
    const dataDir = await tempDir();
    const { child, url } = await spawnServer(dataDir);
    const acknowledged: string[] = [];
    let killed = false;
    const burst = Array.from({ length: 400 }, (_, i) => async () => {
      const answer = await subscribe(url, `https://h.example.com/burst/${i}`).catch(
        () => undefined,
      );
      if (answer?.status === 200) acknowledged.push(((await answer.json()) as { id: string }).id);
      if (!killed && acknowledged.length >= 100) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    // Twenty at a time, until the process dies under them.
    for (let i = 0; i < burst.length; i += 20)
      await Promise.all(burst.slice(i, i + 20).map((send) => send()));
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    const store = await openStore(dataDir);
    cleanups.push(async () => store.close());
    const stored = new Set((await store.listSubscriptions(APP, 'v0')).map((s) => s.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 60_000);
});
