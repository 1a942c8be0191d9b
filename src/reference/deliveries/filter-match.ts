import { storedFilter } from './filter-keys.js';
import type { ServiceEvent } from './service-event.js';

type KeyCheck = (wanted: unknown, event: ServiceEvent) => boolean;

/**
 * Whether an event passes a subscription's filter: every key it sets must match. Keys tested on
 * the payload need the field present and equal; keys tested on facts the payload does not show
 * (`mention`, `names`, `hasVideo`) let the event pass when the fact is unknown. The filter is read
 * as stored, whatever it holds, and never throws: keys the event's generation does not define are
 * ignored (SUB-04, SUB-09), a value of the wrong type matches nothing, so no row, however old, can
 * stop deliveries.
 */
export function matchesFilter(stored: unknown, event: ServiceEvent): boolean {
  const filter = storedFilter(stored, event.generation);
  if (!filter) return true;
  return Object.entries(filter).every(
    ([key, wanted]) => KEY_CHECKS.get(key)?.(wanted, event) ?? true,
  );
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * SUB-10: reaction codes compare without surrounding colons, so `thumbs_up` equals `:thumbs_up:`.
 * Only strings are codes: `String()` of a stored object whose `toString` is no function throws.
 */
const bareCode = (code: unknown) =>
  typeof code === 'string' ? code.replace(/^:|:$/g, '') : undefined;
const codeList = (wanted: unknown) => new Set((Array.isArray(wanted) ? wanted : []).map(bareCode));
const listed = (codes: Set<string | undefined>, code: unknown) =>
  typeof code === 'string' && codes.has(bareCode(code));

// A Map: the keys come from stored filters, and must not find Object.prototype's members.
const KEY_CHECKS = new Map<string, KeyCheck>([
  ['chatType', (wanted, { data }) => data.chatType === wanted],
  // The On-Air event and the lobby are told in `context` where the payload does not show them (v1
  // On-Air data, v0 bookings), and read from the payload where it does (v0 On-Air).
  [
    'eventId',
    (wanted, { data, context }) => (context?.onAirEventId ?? record(data.event).id) === wanted,
  ],
  [
    'status',
    (wanted, { data, context }) => (context?.rsvpStatus ?? record(data.guest).status) === wanted,
  ],
  [
    'lobbyId',
    (wanted, { data, context }) =>
      (context?.lobbyId ?? data.lobbyId ?? record(data.booking).lobbyId) === wanted,
  ],
  // SUB-10: the gate is message-level: one listed code among the reactions lets the whole set
  // through.
  [
    'codes',
    (wanted, { data }) => {
      const codes = codeList(wanted);
      return (Array.isArray(data.reactions) ? data.reactions : []).some((reaction) =>
        listed(codes, record(reaction).code),
      );
    },
  ],
  // SUB-09: only `true` constrains.
  ['mention', (wanted, { context }) => wanted !== true || context?.mentionsApp !== false],
  [
    'names',
    (wanted, { context }) =>
      context?.changedReaction === undefined || listed(codeList(wanted), context.changedReaction),
  ],
  ['hasVideo', (wanted, { context }) => wanted !== true || context?.hasVideo !== false],
]);
