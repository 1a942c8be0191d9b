import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, openStore } from '../../../src/reference/store/open-store.ts';

let dir = '';
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-routes-'));
  store = await openStore(dir, { durable: false });
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const subscription = (url: string) => ({
  app: 'A1',
  generation: 'v1' as const,
  event: 'meeting.ended',
  url,
  filter: null,
  dynamic: true,
});
const urlsNow = async () =>
  (await store.activeSubscriptions('A1', 'v1', 'meeting.ended')).map((r) => r.url);

// The routes an event goes to are served from memory: a route query already under way when a
// subscription changes (a delivery of another check's event) must not keep what it read before.
describe('the routes of an event, beside a change under way', () => {
  it.each([
    [
      'a subscription made while a route query runs hears the next event',
      async () => {
        const pending = urlsNow();
        await store.upsertSubscription(subscription('http://127.0.0.1/new'));
        await pending;
        return urlsNow();
      },
      ['http://127.0.0.1/new'],
    ],
    [
      'a subscription removed while a route query runs hears no more',
      async () => {
        const { id } = await store.upsertSubscription(subscription('http://127.0.0.1/old'));
        const pending = urlsNow();
        await store.deleteSubscription('A1', 'v1', id);
        await pending;
        return urlsNow();
      },
      [],
    ],
  ] as const)('%s', async (_, scenario, expected) => {
    expect(await scenario()).toEqual(expected);
  });
});
