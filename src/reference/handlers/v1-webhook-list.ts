import { storedFilter } from '../deliveries/filter-keys.js';
import type { Handler } from './handler.js';

/**
 * SUB-07: every v1 subscription of the app, static and dynamic, with health fields when set. A
 * filter is shown as deliveries apply it: SUB-09's keys only, whatever an older row holds.
 */
export const v1WebhookList: Handler = async ({ app, store }) => {
  const rows = await store.listSubscriptions(app, 'v1');
  const webhooks = rows.map((row) => {
    const filter = storedFilter(row.filter, 'v1');
    return {
      id: row.id,
      event: row.event,
      url: row.url,
      ...(filter ? { filter: { ...filter } } : {}),
      dynamic: row.dynamic,
      created: row.created,
      ...(row.lastSuccessAt ? { lastSuccessAt: row.lastSuccessAt } : {}),
      ...(row.failStreakStartedAt ? { failStreakStartedAt: row.failStreakStartedAt } : {}),
      ...(row.disabledAt ? { disabledAt: row.disabledAt } : {}),
    };
  });
  return { status: 200, body: { ok: true, webhooks } };
};
