import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ReferenceOptions, startReference } from '../../src/reference/server.ts';

/**
 * A reference server over a fresh data folder for the tests of one file: started before them,
 * stopped and its folder removed after. Read `.server` inside the tests. Tests deliver to
 * receivers on loopback, so it runs as a local environment (`allowLocalDestinations`) unless the
 * options say otherwise.
 */
export function useReferenceServer(options: Omit<ReferenceOptions, 'dataDir'> = {}) {
  const handle = {} as { server: Awaited<ReturnType<typeof startReference>>; dataDir: string };
  beforeAll(async () => {
    handle.dataDir = await mkdtemp(join(tmpdir(), 'service-reference-'));
    handle.server = await startReference({
      allowLocalDestinations: true,
      ...options,
      dataDir: handle.dataDir,
    });
  });
  afterAll(async () => {
    await handle.server?.close();
    await rm(handle.dataDir, { recursive: true, force: true });
  });
  return handle;
}
