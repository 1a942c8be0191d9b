import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runNode } from './cli-process.ts';

// A newcomer whose port is taken (by a second copy, another tool) reads one line naming the port
// and the option to change, and gets a non-zero exit: never a stack trace. The test holds the port.
let occupier: Server;
let port = 0;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-busy-port-'));
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  port = (occupier.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => occupier.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('service-contract on a busy port', () => {
  const cases: Array<[string, () => string[]]> = [
    ['mock', () => ['mock', '--port', String(port)]],
    ['serve', () => ['serve', '--port', String(port), '--data', join(dir, 'data')]],
    ['proxy', () => ['proxy', '--upstream', 'http://127.0.0.1:9', '--port', String(port)]],
  ];
  it.each(cases)(
    '%s says which port and to use --port, and exits 1',
    async (_, args) => {
      const result = await runNode([BIN, ...args()]);
      expect(result.stdout + result.stderr).toBe(
        `port ${port} on 127.0.0.1 is in use: choose another with --port <n>\n`,
      );
      expect(result.code).toBe(1);
    },
    30_000,
  );
});
