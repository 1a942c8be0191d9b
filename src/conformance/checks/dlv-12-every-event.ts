import type { Check } from '../run/check.js';
import { deliverEach } from '../reach/deliver-each.js';

/**
 * The documented events, by generation, each made to happen here so that the check of their payload
 * shape is one check (clauses/events.ts says which other checks deliver them too). Left out:
 * `magicast.created`, which no subscription can name (v0 subscribe's `event` enum leaves it out),
 * and those dlv-12-payload-shapes makes happen (v1 `chat.message`, v0 `chat:message:dm`,
 * `transcript:started`, `lobby:booked`).
 */
const EVENTS: ReadonlyArray<readonly ['v0' | 'v1', string]> = [
  ['v1', 'chat.reaction'],
  ['v1', 'meeting.ended'],
  ['v1', 'token.revoked'],
  ['v1', 'app.uninstalled'],
  ['v1', 'onair.event.created'],
  ['v1', 'onair.event.updated'],
  ['v1', 'onair.event.canceled'],
  ['v1', 'onair.guest.rsvp'],
  ['v1', 'onair.guest.added'],
  ['v0', 'chat:message:channel'],
  ['v0', 'chat:message:mention'],
  ['v0', 'chat:message:reaction'],
  ['v0', 'recording:saved'],
  ['v0', 'transcript:saved'],
  ['v0', 'user:status:update'],
  ['v0', 'onair.event.created'],
  ['v0', 'onair.event.updated'],
  ['v0', 'onair.event.canceled'],
  ['v0', 'onair.guest.rsvp'],
  ['v0', 'onair.guest.added'],
];

/**
 * DLV-12 for every documented event: each event above is made to happen through the trigger, and
 * must arrive; closing its hook holds the delivery to the schema of its event at its
 * subscription's version (deliveries.ts), as for every check. With the other delivery checks,
 * every documented event is delivered and judged at every version (#32).
 */
export const dlv12EveryEvent: Check = {
  // VER-08: the envelope of the v1 events only this check makes happen is judged here too.
  requirements: ['DLV-12', 'VER-08'],
  basis: 'stated',
  title: 'Every documented event is delivered with the payload shape of its version',
  shared: EVENTS.map(([generation, event]) => `${generation} ${event}`),
  async run(context) {
    return deliverEach(context, EVENTS);
  },
};
