import type { Sql } from './sql.js';

const RECORD_SUCCESS =
  'UPDATE subscriptions SET last_success_at = ?, fail_streak_started_at = NULL WHERE id = ?';

/**
 * HEALTH-02: 2xx deliveries, written behind in one batch per 50 ms. Whatever reads health or
 * records a failure flushes first, so readers see every success in order; a crash may lose the
 * last 50 ms of `lastSuccessAt` updates, which no client acknowledged.
 */
export function createSuccessQueue(db: Sql) {
  const successes = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (successes.size === 0) return;
    const batch = [...successes].map(([id, at]) => ({
      sql: RECORD_SUCCESS,
      args: [new Date(at).toISOString(), id],
    }));
    successes.clear();
    await db.batch(batch);
  };
  /** `at` is Unix milliseconds: formatted once per batch, not per delivery. */
  const record = (id: string, at: number): void => {
    successes.set(id, at);
    timer ??= setTimeout(() => void flush(), 50).unref();
  };
  return { record, flush };
}

export type SuccessQueue = ReturnType<typeof createSuccessQueue>;
