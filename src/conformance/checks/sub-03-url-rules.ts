import { randomUUID } from 'node:crypto';
import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../run/check.js';
import type { CallInput, CheckContext } from '../run/context.js';
import { CLIENT_ERROR, type Expected, SUCCESS } from '../run/expect-answer.js';
import { findSubscription } from '../reach/find-subscription.js';
import { plainHttpDestinations } from '../profile/profile-facts.js';
import { type Case, tableCheck } from '../run/table-check.js';

/** SUB-03: the longest destination URL, in characters. */
const MAX_URL = 1024;
const V1_EVENT = 'meeting.ended';
const PLAIN = 'http://conformance.example.com/plain';

/**
 * SUB-03: a `url` of 1024 characters is accepted and one of 1025 gives 400 `invalid_parameter`, on
 * v0 and v1 (Events > Delivery 7). HTTPS is required outside local environments: plain HTTP to a
 * remote host is refused where the profile says the implementation takes no plain HTTP, or only to
 * local hosts; where it does not say, the suite's reading (`SUB-03.local-plain-http`) applies; an
 * implementation that takes plain HTTP anywhere is not asked. The refusal's code is not given.
 * What an accepted URL creates is unsubscribed again.
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
  cases: ({ profile }, token) => {
    // Its own URL per run: the runs at other versions subscribe and unsubscribe at the same time.
    const base = `https://conformance.example.com/${randomUUID()}/`;
    const longest = `${base}${'a'.repeat(MAX_URL - base.length)}`;
    const subscribe = (generation: 'v0' | 'v1', url: string): CallInput => ({
      path: `/${generation}/webhook.subscribe`,
      method: 'POST',
      token,
      json: { event: generation === 'v0' ? 'lobby:booked' : V1_EVENT, url },
    });
    // What an accepted URL created is removed again: v0's answer names it (SUB-01), v1's is found
    // in the list (SUB-07). v0 unsubscribe takes a form (SUB-05), v1 JSON.
    const unsubscribe =
      (generation: 'v0' | 'v1', url: string) =>
      async (answer: HttpAnswer<any>, context: CheckContext): Promise<CallInput | undefined> => {
        if (answer.status < 200 || answer.status > 299) return undefined;
        const path = `/${generation}/webhook.unsubscribe`;
        if (generation === 'v0')
          return typeof answer.body?.id === 'string'
            ? { path, method: 'POST', token, form: { id: answer.body.id } }
            : undefined;
        const found = await findSubscription(context, { token, event: V1_EVENT, url });
        return 'id' in found ? { path, method: 'POST', token, json: { id: found.id } } : undefined;
      };
    const invalid = { status: 400, error: 'invalid_parameter' };
    const plain = plainHttpDestinations(profile);
    // v0 lists 400 for a bad request; v1 subscribe's refusals are not shown.
    const refused = (generation: 'v0' | 'v1'): Expected => ({
      status: generation === 'v0' ? 400 : CLIENT_ERROR,
      ...(plain === undefined ? { reading: 'SUB-03.local-plain-http' } : {}),
    });
    return (['v0', 'v1'] as const).flatMap((generation): Case[] => [
      {
        name: `${generation}: a url of exactly ${MAX_URL} characters`,
        call: subscribe(generation, longest),
        // v0 answers 200 with the subscription (SUB-01); v1's answer is not shown.
        expect: { status: generation === 'v0' ? 200 : SUCCESS },
        undo: unsubscribe(generation, longest),
      },
      {
        name: `${generation}: a url of ${MAX_URL + 1} characters`,
        call: subscribe(generation, `${longest}a`),
        expect: invalid,
        undo: unsubscribe(generation, `${longest}a`),
      },
      ...(plain === 'any'
        ? []
        : [
            {
              name: `${generation}: plain HTTP to a remote host`,
              call: subscribe(generation, PLAIN),
              expect: refused(generation),
              undo: unsubscribe(generation, PLAIN),
            },
          ]),
    ]);
  },
});
