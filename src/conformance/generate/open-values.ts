import type { GenerateTarget } from './generate-target.js';
import { isRecord } from '../../is-record.js';

/** What an open value is judged against besides the operation: the version's events and dates. */
export interface OpenScope {
  /** The event names of the version's document (v1) or of v0. */
  events: readonly string[];
  /** Every dated version the registry knows. */
  versions: readonly string[];
}

type Body = Record<string, unknown>;

interface OpenValue {
  /** The operation (its path in the document) whose bodies may carry the value. */
  operation: string;
  generation?: 'v0' | 'v1';
  /** Where the specification leaves the value's validity open, in its words. */
  spec: string;
  /** Why this body's validity is open, or undefined when it does not carry the value. */
  find: (body: Body, scope: OpenScope, generation: 'v0' | 'v1') => string | undefined;
}

/**
 * Which filter keys apply to which events (Resources: the filter tables' "Applies to"); a key on
 * another event is neither said to be ignored nor refused.
 */
const FILTER_EVENTS: Record<'v0' | 'v1', ReadonlyMap<string, (event: string) => boolean>> = {
  v0: new Map([
    ['lobbyId', (e) => e === 'lobby:booked'],
    ['codes', (e) => e === 'chat:message:reaction'],
    ['eventId', (e) => e.startsWith('onair.')],
    ['status', (e) => e === 'onair.guest.rsvp'],
  ]),
  v1: new Map([
    ['chatType', (e) => e === 'chat.message'],
    ['mention', (e) => e === 'chat.message'],
    ['names', (e) => e === 'chat.reaction'],
    ['hasVideo', (e) => e === 'meeting.ended'],
    ['eventId', (e) => e.startsWith('onair.')],
    ['status', (e) => e === 'onair.guest.rsvp'],
  ]),
};

/** The filter keys of `body` the spec applies to other events than the one subscribed to. */
function keysElsewhere(generation: 'v0' | 'v1', body: Body): string | undefined {
  const { filter, event } = body;
  if (!isRecord(filter) || typeof event !== 'string') return undefined;
  const applies = FILTER_EVENTS[generation];
  const elsewhere = Object.keys(filter).filter((key) => applies.get(key)?.(event) === false);
  return elsewhere.length
    ? `the filter's ${elsewhere.join(', ')} apply to other events than ${event}`
    : undefined;
}

/** Empty lists in the filter (`codes: []`, `names: []`). */
function emptyLists(body: Body): string | undefined {
  const { filter } = body;
  if (!isRecord(filter)) return undefined;
  const empty = Object.entries(filter).filter(([, v]) => Array.isArray(v) && v.length === 0);
  return empty.length ? `the filter's ${empty.map(([k]) => k).join(', ')} is empty` : undefined;
}

/**
 * Values whose validity the specification leaves open, by the operation that takes them. A request
 * carrying one is neither valid nor invalid: any answer but a server error is right for it.
 * (`null` for an optional field is open everywhere: body-rules.ts finds it from the schema.)
 */
const OPEN_VALUES: readonly OpenValue[] = [
  {
    operation: '/chat.postEphemeral',
    spec: 'postEphemeral: `text` is a required string of at most 8,000 bytes; whether it may be empty is not said',
    find: ({ text }) =>
      typeof text === 'string' && text.trim() === '' ? 'an empty or blank text' : undefined,
  },
  {
    operation: '/chat.postEphemeral',
    spec: 'postEphemeral: `threadTimestamp` shows the message "inside an existing thread ... Not validated against an existing thread": a key no message can have (0, negative) is neither allowed nor refused',
    find: ({ threadTimestamp }) =>
      typeof threadTimestamp === 'number' && threadTimestamp <= 0
        ? `threadTimestamp ${threadTimestamp}, which no message has`
        : undefined,
  },
  {
    operation: '/chat.postEphemeral',
    spec: 'Sender: `name` is a "display name for this message only, max 128 characters"; whether it may be empty is not said',
    find: ({ sender }) =>
      isRecord(sender) && sender.name === '' ? 'an empty sender.name' : undefined,
  },
  {
    operation: '/webhook.subscribe',
    spec: 'The filter tables say which events each key "applies to", not what a key does on another event',
    find: (body, _, generation) => keysElsewhere(generation, body),
  },
  {
    operation: '/webhook.subscribe',
    spec: 'v0 `codes`: "Fire only when the message carries at least one reaction whose shortcode is in the list"; v1 `names` likewise: an empty list is not said to be refused',
    find: emptyLists,
  },
  {
    operation: '/webhook.subscribe',
    generation: 'v1',
    spec: 'v1 events: "Names seen: ..."; the v1 vocabulary is not given whole, so an implementation may know more events',
    find: ({ event }, { events }) =>
      typeof event === 'string' && !events.includes(event)
        ? `the event ${JSON.stringify(event)}, which the document does not name`
        : undefined,
  },
  {
    operation: '/webhook.subscribe',
    generation: 'v1',
    spec: 'Versioning 6: the subscription takes "an explicit `apiVersion` in the v1 subscribe body"; one that is no known version is not said to be refused, nor how',
    find: ({ apiVersion }, { versions }) =>
      typeof apiVersion === 'string' && !versions.includes(apiVersion)
        ? `apiVersion ${apiVersion}, which is no known version`
        : undefined,
  },
];

/** Why the validity of `body`, sent to `target`, is open: one reason per open value it carries. */
export function openValues(target: GenerateTarget, body: Body, scope: OpenScope): string[] {
  return OPEN_VALUES.filter(
    (v) =>
      v.operation === target.entry.name &&
      (v.generation === undefined || v.generation === target.generation),
  )
    .map((v) => v.find(body, scope, target.generation))
    .filter((why): why is string => why !== undefined);
}
