import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../check.js';
import type { CallInput } from '../context.js';
import { tableCheck } from '../table-check.js';

/** SUB-03: the longest destination URL, in characters. */
const MAX_URL = 1024;
const BASE = 'https://conformance.example.com/';

/**
 * SUB-03: a `url` of 1024 characters is accepted and one of 1025 gives 400 `invalid_parameter`, on
 * v0 and v1; plain HTTP to a remote host is refused too. What the accepted maximum creates is
 * unsubscribed again.
 */
export const sub03UrlRules: Check = tableCheck({
  requirements: ['SUB-03'],
  basis: 'stated',
  title:
    'Subscription URLs: 1024 characters accepted, 1025 refused, HTTPS outside local environments',
  need: ({ version }) => ({
    operation: 'v1 post /webhook.subscribe',
    pin: version,
    scopes: ['webhook:write'],
  }),
  cases: (_, token) => {
    const longest = `${BASE}${'a'.repeat(MAX_URL - BASE.length)}`;
    const subscribe = (generation: 'v0' | 'v1', url: string): CallInput => ({
      path: `/${generation}/webhook.subscribe`,
      method: 'POST',
      token,
      json: { event: generation === 'v0' ? 'lobby:booked' : 'meeting.ended', url },
    });
    const unsubscribe =
      (generation: 'v0' | 'v1') =>
      ({ body }: HttpAnswer<any>): CallInput | undefined => {
        if (typeof body?.id !== 'string') return undefined;
        const path = `/${generation}/webhook.unsubscribe`;
        // v0 unsubscribe takes a form (SUB-05), v1 JSON.
        return generation === 'v0'
          ? { path, method: 'POST', token, form: { id: body.id } }
          : { path, method: 'POST', token, json: { id: body.id } };
      };
    const invalid = { status: 400, error: 'invalid_parameter' };
    return (['v0', 'v1'] as const).flatMap((generation) => [
      {
        name: `${generation}: a url of exactly ${MAX_URL} characters`,
        call: subscribe(generation, longest),
        expect: { status: 200 },
        undo: unsubscribe(generation),
      },
      {
        name: `${generation}: a url of ${MAX_URL + 1} characters`,
        call: subscribe(generation, `${longest}a`),
        expect: invalid,
        undo: unsubscribe(generation),
      },
      {
        name: `${generation}: plain HTTP to a remote host`,
        call: subscribe(generation, 'http://conformance.example.com/plain'),
        expect: invalid,
        undo: unsubscribe(generation),
      },
    ]);
  },
});
