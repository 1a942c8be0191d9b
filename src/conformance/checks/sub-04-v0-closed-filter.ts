import type { HttpAnswer } from '../../http-answer.js';
import type { Check } from '../run/check.js';
import type { CallInput } from '../run/context.js';
import { type Case, tableCheck } from '../run/table-check.js';

/**
 * SUB-04: the v0 filter is closed ("No additional properties are allowed") and its `status` takes
 * `invited`, `going`, `maybe`, `notGoing` only, so a v0 subscribe with another key, or another
 * status, is a bad request: 400, v0's only refusal of a body. Its code is not given. Each case is
 * otherwise a subscribe the implementation takes (the event the filter key applies to, an HTTPS
 * URL); what a wrongly accepted one creates is unsubscribed again.
 */
export const sub04V0ClosedFilter: Check = tableCheck({
  requirements: ['SUB-04'],
  basis: 'stated',
  title: 'v0 subscribe refuses a filter with another key, or another RSVP status, with 400',
  // Nothing is made when the rule holds; a wrong acceptance subscribes a host that never answers.
  shared: ['v0 lobby:booked', 'v0 onair.guest.rsvp'],
  need: () => ({ operation: 'v0 post /webhook.subscribe', scopes: ['webhook:write'] }),
  cases: (_, token) => {
    const url = `https://conformance.example.com/sub-04/${Date.now()}`;
    const subscribe = (event: string, filter: Record<string, unknown>): CallInput => ({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: { event, url, filter },
    });
    const undo = (answer: HttpAnswer<any>): CallInput | undefined =>
      answer.status >= 200 && answer.status < 300 && typeof answer.body?.id === 'string'
        ? { path: '/v0/webhook.unsubscribe', method: 'POST', token, form: { id: answer.body.id } }
        : undefined;
    const cases: Case[] = [
      {
        name: 'lobby:booked with a filter of lobbyId and a key the filter does not have',
        call: subscribe('lobby:booked', { lobbyId: 'lobby-1', room: 'lobby-1' }),
        expect: { status: 400 },
        undo,
      },
      {
        name: 'onair.guest.rsvp with a filter of status "attending"',
        call: subscribe('onair.guest.rsvp', { eventId: 'event-1', status: 'attending' }),
        expect: { status: 400 },
        undo,
      },
    ];
    return cases;
  },
});
