import type { Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { type Emission, type HookOptions, nonce, withHooks } from './deliveries.js';
import { judgeFilter } from './judge-filter.js';

/**
 * How a generation writes an On-Air event `type` about the On-Air event `eventId`, carrying
 * `marker`, with the RSVP `status` where it has one.
 */
export type OnAirEmission = (
  type: string,
  eventId: string,
  marker: string,
  status?: string,
) => Emission;

/**
 * An On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP status",
 * at v0 (SUB-04) and v1 (SUB-09) alike; only how the event is written differs (`emission`). Each
 * hook is sent events its filter refuses first, then the one it takes (judgeFilter).
 */
export function judgeOnAirFilters(
  context: CheckContext,
  generation: 'v0' | 'v1',
  emission: OnAirEmission,
): Promise<void | Skip> {
  const [wanted, other] = [nonce(), nonce()];
  const hooks: HookOptions[] = [
    { generation, event: 'onair.event.created', filter: { eventId: wanted } },
    { generation, event: 'onair.guest.rsvp', filter: { eventId: wanted, status: 'going' } },
  ];
  return withHooks(context, hooks, async ([created, rsvp]) => {
    const createdOf = (eventId: string) => (marker: string) =>
      created!.emit(emission('onair.event.created', eventId, marker));
    await judgeFilter(context, created!, 'onair.event.created with filter eventId', [
      ['another event', createdOf(other)],
      ['its event', createdOf(wanted)],
    ]);
    const rsvpOf = (eventId: string, status: string) => (marker: string) =>
      rsvp!.emit(emission('onair.guest.rsvp', eventId, marker, status));
    await judgeFilter(context, rsvp!, 'onair.guest.rsvp with filter eventId and status going', [
      ['its event, status maybe', rsvpOf(wanted, 'maybe')],
      ['another event, status going', rsvpOf(other, 'going')],
      ['its event, status going', rsvpOf(wanted, 'going')],
    ]);
  });
}
