import { destinationProblem } from '../destination-url.js';
import { filterProblem } from '../deliveries/filter-keys.js';
import type { Handler } from './handler.js';

/**
 * SUB-01..04: create or update (on event and URL) a v0 subscription. The document already closes
 * the filter; its keys are checked here too, since what is stored is read by every delivery.
 */
export const v0WebhookSubscribe: Handler = async ({ request, app, store, dispatcher }) => {
  const body = request.body as { url: string; event: string; filter?: Record<string, unknown> };
  if (destinationProblem(body.url, dispatcher.destinations))
    return { status: 400, body: { code: 'invalid_parameter' } };
  if (body.filter != null && filterProblem(body.filter, 'v0'))
    return { status: 400, body: { code: 'invalid_parameter' } };
  const row = await store.upsertSubscription({
    app: app,
    generation: 'v0',
    event: body.event,
    url: body.url,
    filter: body.filter ?? null,
    dynamic: true,
  });
  return { status: 200, body: { id: row.id, event: row.event, url: row.url, filter: row.filter } };
};
