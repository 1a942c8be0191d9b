import type { Check } from '../run/check.js';
import { judgeOnAirFilters } from '../reach/on-air-filters.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * SUB-04: a v0 On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP
 * status" (reach/on-air-filters.ts), the event written as the specification shows v0 On-Air
 * payloads. The v1 side: sub-09-v1-on-air-filters.
 */
export const sub04V0OnAirFilters: Check = {
  requirements: ['SUB-04'],
  basis: 'stated',
  title: 'v0 On-Air filters deliver only their event, and only their RSVP status',
  exclusive: ['v0 onair.event.created', 'v0 onair.guest.rsvp'],
  run: (context) => judgeOnAirFilters(context, 'v0', SAMPLE_EVENTS.onAir),
};
