import type { Check } from '../run/check.js';
import { nonce, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';

/**
 * SUB-09: a v1 On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP
 * status". The v1 data shapes are not shown, so the On-Air event and the RSVP status are facts the
 * trigger is told, as `context.onAirEventId` and `context.rsvpStatus`. Each hook is sent events its
 * filter refuses first, then the one it takes (judgeFilter). The v0 side: sub-04-v0-on-air-filters.
 */
export const sub09V1OnAirFilters: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 On-Air filters deliver only their event, and only their RSVP status',
  exclusive: ['v1 onair.event.created', 'v1 onair.guest.rsvp'],
  async run(context) {
    const [wanted, other] = [nonce(), nonce()];
    const hooks = [
      { event: 'onair.event.created', filter: { eventId: wanted } },
      { event: 'onair.guest.rsvp', filter: { eventId: wanted, status: 'going' } },
    ];
    return withHooks(context, hooks, async ([created, rsvp]) => {
      const createdOf = (onAirEventId: string) => (marker: string) =>
        created!.emit({ data: { id: marker }, context: { onAirEventId } });
      await judgeFilter(context, created!, 'onair.event.created with filter eventId', [
        ['another event', createdOf(other)],
        ['its event', createdOf(wanted)],
      ]);
      const rsvpOf = (onAirEventId: string, rsvpStatus: string) => (marker: string) =>
        rsvp!.emit({ data: { id: marker }, context: { onAirEventId, rsvpStatus } });
      await judgeFilter(context, rsvp!, 'onair.guest.rsvp with filter eventId and status going', [
        ['its event, status maybe', rsvpOf(wanted, 'maybe')],
        ['another event, status going', rsvpOf(other, 'going')],
        ['its event, status going', rsvpOf(wanted, 'going')],
      ]);
    });
  },
};
