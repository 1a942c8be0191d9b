import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/reference/store.ts';

// HEALTH-02: successes are written behind, but every reader of health sees them, and closing the
// store writes what is still queued, so a clean restart keeps them.
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function storeWithSubscription() {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-successes-'));
  dirs.push(dataDir);
  const store = await openStore(dataDir);
  const row = await store.upsertSubscription({
    app: 'app_test',
    generation: 'v1',
    event: 'meeting.ended',
    url: 'https://h.example.com/hook',
    filter: null,
    dynamic: true,
  });
  return { dataDir, store, id: row.id };
}

const AT = Date.UTC(2026, 7, 25, 12, 0, 0);

describe('successes written behind', () => {
  it('a list right after a success shows it', async () => {
    const { store, id } = await storeWithSubscription();
    store.recordDeliverySuccess(id, AT);
    const [listed] = await store.listSubscriptions('app_test', 'v1');
    await store.close();
    expect(listed).toMatchObject({ id, lastSuccessAt: new Date(AT).toISOString() });
  });

  it('a failure after a success is written after it: the streak starts at that failure', async () => {
    const { store, id } = await storeWithSubscription();
    await store.recordDeliveryFailure(id, '2026-08-25T11:00:00.000Z', '2026-08-22T11:00:00.000Z');
    store.recordDeliverySuccess(id, AT);
    await store.recordDeliveryFailure(id, '2026-08-25T13:00:00.000Z', '2026-08-22T13:00:00.000Z');
    const [listed] = await store.listSubscriptions('app_test', 'v1');
    await store.close();
    expect(listed).toMatchObject({
      lastSuccessAt: new Date(AT).toISOString(),
      failStreakStartedAt: '2026-08-25T13:00:00.000Z',
      disabledAt: null,
    });
  });

  it('closing writes what is queued, so a restart keeps it', async () => {
    const { dataDir, store, id } = await storeWithSubscription();
    store.recordDeliverySuccess(id, AT);
    await store.close();
    const reopened = await openStore(dataDir);
    const [listed] = await reopened.listSubscriptions('app_test', 'v1');
    await reopened.close();
    expect(listed).toMatchObject({ id, lastSuccessAt: new Date(AT).toISOString() });
  });
});
