import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeBody, mediaTypeOf, readBody, writeJson } from '../http/http-io.js';
import type { Dispatcher } from './deliveries/dispatcher.js';
import { payloadProblems } from './deliveries/payload-problems.js';
import type { EventContext, ServiceEvent } from './deliveries/service-event.js';

/**
 * Where a test harness makes the server emit an event; served only when enabled
 * (`--trigger-events`).
 */
export const EVENT_TRIGGER = '/reference/events';

/**
 * `POST {trigger} {generation?: 'v0' | 'v1', event, data, context?}`: the app's subscriptions to
 * that event get it, as the service's own actions would send it. `context` gives the facts that
 * filters and membership rules need but payloads do not show (see EventContext). 202 with how
 * many deliveries started; 400 with the problems when the event is unknown or its payload breaks
 * the contract of a version it may be delivered in.
 */
export async function triggerEvent(
  req: IncomingMessage,
  res: ServerResponse,
  app: string,
  dispatcher: Dispatcher,
  versions: readonly string[],
): Promise<void> {
  const fail = (status: number, error: string, problems?: string[]) =>
    writeJson(res, status, {}, { error, ...(problems ? { problems } : {}) });
  if (req.method !== 'POST') return fail(405, 'method_not_allowed');
  const read = await readBody(req);
  if ('aborted' in read) return fail(408, 'request_timeout');
  if (!read.ok) return fail(413, 'payload_too_large');
  if (mediaTypeOf(req.headers['content-type']) !== 'application/json')
    return fail(415, 'unsupported_media_type');
  const body = decodeBody(read.raw, 'application/json')?.value as
    Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(400, 'invalid_json');
  const generation = body.generation ?? 'v1';
  if (generation !== 'v0' && generation !== 'v1')
    return fail(400, 'invalid_parameter', ['generation is v0 or v1']);
  if (typeof body.event !== 'string') return fail(400, 'missing_parameter', ['event is required']);
  if (!body.data || typeof body.data !== 'object' || Array.isArray(body.data))
    return fail(400, 'missing_parameter', ['data is an object']);
  if (
    body.context !== undefined &&
    (!body.context || typeof body.context !== 'object' || Array.isArray(body.context))
  ) {
    return fail(400, 'invalid_parameter', ['context is an object']);
  }
  const event: ServiceEvent = {
    generation,
    type: body.event,
    data: body.data as Record<string, unknown>,
    context: body.context as EventContext | undefined,
  };
  const problems = payloadProblems(event, versions);
  if (problems.length > 0) return fail(400, 'invalid_parameter', problems);
  const emitted = await dispatcher.emit(app, event);
  writeJson(
    res,
    202,
    {},
    { ok: true, deliveries: emitted.deliveries, debounced: emitted.debounced },
  );
}
