import type { Handler } from './handler.js';

/**
 * v1 unsubscribe of a dynamic subscription by `id`. The specification shows neither its body nor its answers;
 * an unknown id, or a static subscription (configured, not subscribed), is refused as invalid.
 */
export const v1WebhookUnsubscribe: Handler = async ({ request, app, store }) => {
  const { id } = request.body as { id?: unknown };
  if (typeof id !== 'string') return { status: 400, body: { error: 'missing_parameter' } };
  const subscription = (await store.listSubscriptions(app, 'v1')).find(
    (s) => s.id === id && s.dynamic,
  );
  if (!subscription) return { status: 400, body: { error: 'invalid_parameter' } };
  await store.deleteSubscription(app, 'v1', id);
  return { status: 200, body: { ok: true } };
};
