import type { Check } from '../run/check.js';
import { nonce, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

const { onAir } = SAMPLE_EVENTS;

/**
 * SUB-04: a v0 On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP
 * status". Each hook is sent events its filter refuses first, then the one it takes; once that one
 * arrived, the refused ones had the same chance to arrive, and none may have.
 */
export const sub04V0OnAirFilters: Check = {
  requirements: ['SUB-04'],
  basis: 'stated',
  title: 'v0 On-Air filters deliver only their event, and only their RSVP status',
  exclusive: ['v0 onair.event.created', 'v0 onair.guest.rsvp'],
  async run(context) {
    const [wanted, other] = [nonce(), nonce()];
    const hooks = [
      { generation: 'v0' as const, event: 'onair.event.created', filter: { eventId: wanted } },
      {
        generation: 'v0' as const,
        event: 'onair.guest.rsvp',
        filter: { eventId: wanted, status: 'going' },
      },
    ];
    return withHooks(context, hooks, async ([created, rsvp]) => {
      await judgeFilter(context, created!, 'onair.event.created with filter eventId', [
        ['another event', (m) => created!.emit(onAir('onair.event.created', other, m))],
        ['its event', (m) => created!.emit(onAir('onair.event.created', wanted, m))],
      ]);
      const rsvpOf = (eventId: string, status: string) => (m: string) =>
        rsvp!.emit(onAir('onair.guest.rsvp', eventId, m, status));
      await judgeFilter(context, rsvp!, 'onair.guest.rsvp with filter eventId and status going', [
        ['its event, status maybe', rsvpOf(wanted, 'maybe')],
        ['another event, status going', rsvpOf(other, 'going')],
        ['its event, status going', rsvpOf(wanted, 'going')],
      ]);
    });
  },
};
