import type { Workspace } from './fixtures.js';
import type { Store } from './store.js';

/** Upserts the workspace's static subscriptions into the store (SUB-07: `dynamic: false`). */
export async function seedStaticSubscriptions(store: Store, workspace: Workspace): Promise<void> {
  for (const s of workspace.staticSubscriptions) {
    await store.upsertSubscription({
      app: s.app,
      generation: 'v1',
      event: s.event,
      url: s.url,
      filter: null,
      dynamic: false,
    });
  }
}
