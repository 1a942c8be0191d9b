import { grants } from './grants.js';
import { revokedCredentials } from './revoked-credentials.js';
import { type StoreOptions, openDatabase } from './schema.js';
import { subscriptions } from './subscriptions.js';
import { createSuccessQueue } from './success-queue.js';

/**
 * The reference server's embedded SQL store: one file under the data directory, so nothing
 * acknowledged is lost on restart (a write is committed before the answer is sent). Closing writes
 * the successes still queued.
 */
export async function openStore(dataDir: string, options: StoreOptions = {}) {
  const db = await openDatabase(dataDir, options);
  const successes = createSuccessQueue(db);
  const close = async (): Promise<void> => {
    await successes.flush();
    db.close();
  };
  return {
    ...subscriptions(db, successes),
    ...grants(db),
    ...(await revokedCredentials(db)),
    close,
  };
}

export type Store = Awaited<ReturnType<typeof openStore>>;
