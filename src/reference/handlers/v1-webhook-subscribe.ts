import type { HttpAnswer } from '../../http-answer.js';
import { destinationProblem } from '../destination-url.js';
import { filterProblem } from '../deliveries/filter-keys.js';
import type { Handler } from './handler.js';

interface Body {
  event?: string;
  url?: string;
  filter?: Record<string, unknown>;
  apiVersion?: string;
}

/**
 * v1 subscribe. The subscription keeps the version it is created with: `apiVersion`, else the
 * credential's pin, else the baseline (VER-14); subscribing again to the same event and URL updates
 * the filter and keeps the version. The specification shows neither the required fields nor the answer; this
 * server requires `event` and `url` and answers the subscription. Filter keys are SUB-09's and no
 * others: the document leaves the filter open, but what is stored is read by every delivery.
 */
export const v1WebhookSubscribe: Handler = async ({
  request,
  app,
  store,
  registry,
  dispatcher,
}): Promise<HttpAnswer> => {
  const body = request.body as Body;
  if (!body.event || !body.url) return { status: 400, body: { error: 'missing_parameter' } };
  if (destinationProblem(body.url, dispatcher.destinations))
    return { status: 400, body: { error: 'invalid_parameter' } };
  if (body.filter !== undefined && filterProblem(body.filter, 'v1'))
    return { status: 400, body: { error: 'invalid_parameter' } };
  const apiVersion = body.apiVersion ?? request.token!.pin ?? registry.baseline;
  if (!registry.versions.some((v) => v.version === apiVersion))
    return { status: 400, body: { error: 'invalid_parameter' } };
  const row = await store.upsertSubscription({
    app,
    generation: 'v1',
    event: body.event,
    url: body.url,
    filter: body.filter ?? null,
    apiVersion,
    dynamic: true,
  });
  return {
    status: 200,
    body: {
      ok: true,
      id: row.id,
      event: row.event,
      url: row.url,
      ...(row.filter ? { filter: row.filter } : {}),
      apiVersion: row.apiVersion,
      dynamic: true,
    },
  };
};
