import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Profile } from '../../src/conformance/profile/profile.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { type FaultHooks, startReferenceWithFaults } from './fault-injection.ts';

/** The time scale of the injected servers: retries, debounce and fail streak, fast. */
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };

/**
 * `use` against a fresh reference server with `hooks` injected, and its profile as `declare`
 * changes it (what a variation says of itself); stopped and its data removed after.
 */
export async function withInjectedServer<T>(
  hooks: FaultHooks,
  use: (profile: Profile) => Promise<T>,
  declare: (profile: Profile) => Profile = (profile) => profile,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-injected-'));
  const server = await startReferenceWithFaults(hooks, { dataDir, timeScale: SCALE });
  try {
    const profile = profileOf(server.url, server.workspace, {
      timeScale: SCALE,
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    return await use(declare(profile));
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
