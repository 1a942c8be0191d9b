import type { Handler } from './handler.js';

/** SUB-07: every v1 subscription of the app, static and dynamic, with health fields when set. */
export const v1WebhookList: Handler = async ({ app, store }) => {
  const rows = await store.listSubscriptions(app, 'v1');
  const webhooks = rows.map((row) => ({
    id: row.id,
    event: row.event,
    url: row.url,
    ...(row.filter ? { filter: row.filter } : {}),
    dynamic: row.dynamic,
    created: row.created,
    ...(row.lastSuccessAt ? { lastSuccessAt: row.lastSuccessAt } : {}),
    ...(row.failStreakStartedAt ? { failStreakStartedAt: row.failStreakStartedAt } : {}),
    ...(row.disabledAt ? { disabledAt: row.disabledAt } : {}),
  }));
  return { status: 200, body: { ok: true, webhooks } };
};
