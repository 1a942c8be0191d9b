import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startMock } from '../../src/mock/server.ts';
import { startReference } from '../../src/reference/server.ts';

export interface FrontServers {
  mock: { url: string };
  reference: { url: string };
}

/**
 * The two servers that share src/http's front, for the tests of one file: the mock and a reference
 * server over a fresh data folder, started before the file's tests and stopped after them. The
 * returned object is filled in by then; read it inside hooks and tests, not at load time.
 */
export function useFrontServers(): FrontServers {
  const servers = {} as FrontServers;
  let dataDir = '';
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'service-front-'));
    const [mock, reference] = await Promise.all([startMock(), startReference({ dataDir })]);
    closers.push(mock.close, reference.close);
    Object.assign(servers, { mock, reference });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
    await rm(dataDir, { recursive: true, force: true });
  });
  return servers;
}
