import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../src/http/listen.ts';
import { seedWorkspace } from '../../src/reference/fixtures.ts';
import { createReferenceHandler } from '../../src/reference/server.ts';
import { type Store, openStore } from '../../src/reference/store.ts';

// A handler that fails after the front passed the request (here: the store cannot list) answers
// 500 in its generation's shape, and on /v1 still names the version (VER-03).
let dir = '';
let store: Store;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-contract-internal-'));
  store = await openStore(dir);
  const failing = new Proxy(store, {
    get: (target, name, receiver) =>
      name === 'listSubscriptions'
        ? async () => {
            throw new Error('the disk is gone');
          }
        : Reflect.get(target, name, receiver),
  });
  server = await listen(
    await createReferenceHandler(failing, seedWorkspace()),
    { port: 0 },
    'reference',
  );
});
afterAll(async () => {
  await server.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a reference handler that throws', () => {
  it.each([['2026-08-25'], ['2026-06-01']])(
    'VER-03: /v1 answers 500 internal_error with Service-Version %s',
    async (version) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await fetch(`${server.url}/v1/webhook.list`, {
        headers: { authorization: `Bearer sk-${version}` },
      });
      expect(response.status).toBe(500);
      expect(response.headers.get('service-version')).toBe(version);
      expect(await response.json()).toEqual({ error: 'internal_error' });
      expect(logged.mock.calls.flat().join('\n')).toMatch(
        /^reference: GET \/v1\/webhook\.list failed \(Error: the disk is gone\)$/,
      );
      logged.mockRestore();
    },
  );
});
