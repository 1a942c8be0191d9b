import { V0_PAYLOADS } from '../../samples/sample-payloads.js';
import type { Check } from '../run/check.js';
import { nonce, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';

/**
 * SUB-04: a v0 `lobby:booked` subscription filtered by `lobbyId` gets "only bookings of this lobby".
 * The booking payload is not shown, so the lobby is a fact the trigger is told, as
 * `context.lobbyId`; the marker rides in the sample booking's first answer. A booking of another
 * lobby is emitted first, then one of its lobby (judgeFilter).
 */
export const sub04V0LobbyFilter: Check = {
  requirements: ['SUB-04'],
  basis: 'stated',
  title: 'v0 filter lobbyId: only bookings of its lobby are delivered',
  exclusive: ['v0 lobby:booked'],
  async run(context) {
    const [wanted, other] = [nonce(), nonce()];
    const hooks = [
      { generation: 'v0' as const, event: 'lobby:booked', filter: { lobbyId: wanted } },
    ];
    return withHooks(context, hooks, async ([hook]) => {
      const booking = (lobbyId: string) => (marker: string) =>
        hook!.emit({ data: bookingCarrying(marker), context: { lobbyId } });
      await judgeFilter(context, hook!, 'lobby:booked with filter lobbyId', [
        ['a booking of another lobby', booking(other)],
        ['a booking of its lobby', booking(wanted)],
      ]);
    });
  },
};

/** The sample booking, its first answer the marker. */
function bookingCarrying(marker: string): Record<string, unknown> {
  const sample = structuredClone(V0_PAYLOADS['lobby:booked']!) as {
    booking: { responses: Array<{ answer: string }> };
  };
  sample.booking.responses[0]!.answer = marker;
  return sample;
}
