import type { Check } from '../run/check.js';
import { judgeOnAirFilters } from '../reach/on-air-filters.js';

/**
 * SUB-09: a v1 On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP
 * status" (reach/on-air-filters.ts). The v1 data shapes are not shown, so the On-Air event and the
 * RSVP status are facts the trigger is told, as `context.onAirEventId` and `context.rsvpStatus`.
 * The v0 side: sub-04-v0-on-air-filters.
 */
export const sub09V1OnAirFilters: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 On-Air filters deliver only their event, and only their RSVP status',
  exclusive: ['v1 onair.event.created', 'v1 onair.guest.rsvp'],
  run: (context) =>
    judgeOnAirFilters(context, 'v1', (_, onAirEventId, marker, rsvpStatus) => ({
      data: { id: marker },
      context: { onAirEventId, ...(rsvpStatus ? { rsvpStatus } : {}) },
    })),
};
