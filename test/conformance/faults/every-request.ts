import type { Fault } from '../fault-catalogue.ts';
import { isObject, onPath, sentFields } from './answers.ts';

/**
 * Faults of requests the checks used to send one way only: each breaks the rule for the request
 * they did not send (another operation, a missing field, an id never made).
 */
export const EVERY_REQUEST_FAULTS: Fault[] = [
  {
    // SUB-01.url-and-event-required: a subscribe without a url is made, with no url.
    id: 'subscribe-without-url-made',
    requirement: 'SUB-01',
    hooks: () =>
      onPath('/v0/webhook.subscribe', (a, e) => {
        const sent = sentFields(e);
        if (a.status !== 400 || 'url' in sent || typeof sent.event !== 'string') return undefined;
        return {
          ...a,
          status: 200,
          body: { id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10', event: sent.event, url: null },
        };
      }),
  },
  {
    // SUB-05.never-made-id-404: an id no subscribe answered is "removed" (a removed one is not).
    id: 'never-made-id-unsubscribed',
    requirement: 'SUB-05',
    hooks: () => {
      const made = new Set<unknown>();
      return {
        answer: (a, e) => {
          if (e.path === '/v0/webhook.subscribe' && isObject(a.body)) made.add(a.body.id);
          if (e.path !== '/v0/webhook.unsubscribe' || a.status !== 404) return a;
          return made.has(sentFields(e).id) ? a : { ...a, status: 204, body: undefined };
        },
      };
    },
  },
  {
    // SUB-05.id-required: an unsubscribe without an id is "not found" rather than a bad request.
    id: 'unsubscribe-without-id-not-found',
    requirement: 'SUB-05',
    hooks: () =>
      onPath('/v0/webhook.unsubscribe', (a, e) =>
        a.status === 400 && !('id' in sentFields(e))
          ? { ...a, status: 404, body: { error: 'not_found' } }
          : undefined,
      ),
  },
  {
    // VER-04.every-versioned-call: postEphemeral takes an unsupported version (v1 list refuses it).
    id: 'unsupported-version-taken-by-post',
    requirement: 'VER-04',
    hooks: () =>
      onPath('/v1/chat.postEphemeral', (a) =>
        a.status === 400 && isObject(a.body) && 'supportedVersions' in a.body
          ? { ...a, status: 200, body: { ok: true } }
          : undefined,
      ),
  },
  {
    // SUB-07.filter-omitted-when-none: v1 list shows an empty filter on every entry without one.
    id: 'list-shows-empty-filter',
    requirement: 'SUB-07',
    hooks: () =>
      onPath('/v1/webhook.list', (a) => {
        if (!isObject(a.body) || !Array.isArray(a.body.webhooks)) return undefined;
        const webhooks = a.body.webhooks.map((w: Record<string, unknown>) =>
          w.filter === undefined ? { ...w, filter: {} } : w,
        );
        return { ...a, body: { ...a.body, webhooks } };
      }),
  },
];
