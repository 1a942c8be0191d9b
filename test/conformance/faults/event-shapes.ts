import { JUDGED_EVENTS, shapeFaultId } from '../../../src/conformance/clauses/events.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import { parseWebhook } from '../../../src/webhooks/parse.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { resigned } from './resigned.ts';
import { subscribedByUrl } from './subscribed.ts';

const { baseline } = loadVersionRegistry();

type Payload = Record<string, unknown>;

/**
 * The business fields of a payload: the envelope's `data` where there is one, else the payload
 * itself, with what puts a changed copy back in place.
 */
function business(payload: Payload): [Payload, (fields: unknown) => Payload] {
  const data = payload.data;
  if (typeof payload.apiVersion === 'string' && data && typeof data === 'object')
    return [data as Payload, (fields) => ({ ...payload, data: fields })];
  return [payload, (fields) => fields as Payload];
}

/**
 * The payload departing from its event's schema at `version` by the least change that shows: the
 * first field whose absence the schema refuses left out, else (a schema that requires no field)
 * the business fields as a string, where it asks for an object.
 */
function broken(version: WebhookVersion, event: string, payload: Payload): Payload {
  const [fields, put] = business(payload);
  const valid = (candidate: unknown) => parseWebhook({ version, event, body: candidate }).ok;
  for (const key of Object.keys(fields)) {
    const { [key]: _, ...without } = fields;
    if (!valid(put(without))) return put(without);
  }
  return put('not an object');
}

/**
 * Breaks the payload of `event` of `generation` in every delivery to a subscription made to it:
 * which event a destination gets is learnt from the subscribe requests.
 */
function breaking(generation: 'v0' | 'v1', event: string): FaultHooks {
  const subscribed = subscribedByUrl();
  return {
    request: subscribed.request,
    attempt: (a) => {
      const to = subscribed.at(a.url);
      if (to?.generation !== generation || to.event !== event) return a;
      const payload = JSON.parse(a.body) as Payload;
      const version = (
        generation === 'v0' ? 'v0' : (payload.apiVersion ?? baseline)
      ) as WebhookVersion;
      return resigned(a, { body: JSON.stringify(broken(version, event, payload)) });
    },
  };
}

/** DLV-12: one fault per event whose deliveries are judged, breaking that event's shape alone. */
export const EVENT_SHAPE_FAULTS: Fault[] = JUDGED_EVENTS.map(([generation, event]) => ({
  id: shapeFaultId(generation, event),
  requirement: 'DLV-12',
  hooks: () => breaking(generation, event),
}));
