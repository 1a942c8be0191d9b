import type { Handler } from './handler.js';

/** SUB-05: remove a v0 subscription; 404 when the id is unknown, also on a second call. */
export const v0WebhookUnsubscribe: Handler = async ({ request, app, store }) => {
  const { id } = request.body as { id: string };
  const removed = await store.deleteSubscription(app, 'v0', id);
  return removed ? { status: 204 } : { status: 404, body: { code: 'not_found' } };
};
