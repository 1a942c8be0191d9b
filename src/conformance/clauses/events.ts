import { gateVersion } from '../../versions.js';
import type { Clause } from './clause.js';

/** How one event's payload shape is judged: by the checks delivered it, or why by none. */
type Judged = Pick<Clause, 'checks' | 'deliveredBy' | 'faults' | 'unjudged'>;

/** Emitted by dlv-12-every-event alone: the events no other check makes happen. */
const EVERY_EVENT = (...faults: string[]): Judged => ({
  checks: ['dlv-12-every-event'],
  ...(faults.length ? { faults } : {}),
});

/** Every check whose hooks subscribe to v1 meeting.ended and make it happen: most delivery checks. */
const MEETING_ENDED = [
  'ver-08-payload-shape',
  'ver-14-subscription-version',
  'dlv-01-post',
  'dlv-02-headers',
  'dlv-03-signature',
  'dlv-03-signature-by-app',
  'dlv-04-webhook-id',
  'dlv-05-retry-headers',
  'dlv-06-attempts',
  'dlv-07-waits',
  'dlv-09-after-last-attempt',
  'health-01-02-streak',
  'sub-09-v1-has-video',
];

const V1_SHAPE = [
  `From version ${gateVersion('envelope')}, payloads use an envelope with \`type\`, \`eventId\`, \`timestamp\`, \`apiVersion\`, and \`data\``,
  'Before that (baseline) payloads are bare. Data shapes of the v1 events: not shown.',
].join(' … ');
const V0_CHAT = 'Payload of `chat:message:*` is the Chat message';
const V0_NOT_SHOWN =
  'Payloads of `recording:saved`, `transcript:saved`, `lobby:booked` and `magicast.created`: not shown.';
const ON_AIR = 'On-Air payloads: `{type: <event name>, event: <On-Air event>}`';

/**
 * Each documented event of each generation, the sentence its payload shape rests on, and how its
 * deliveries are judged. A hook holds every delivery it gets to the schema of its event at its
 * subscription's version when it closes (deliveries.ts), so an event is judged at a version
 * wherever a check makes it happen there; the checks make it happen through the profile's event
 * trigger.
 */
const EVENTS: ReadonlyArray<readonly ['v0' | 'v1', string, string, Judged]> = [
  [
    'v1',
    'chat.message',
    V1_SHAPE,
    {
      checks: ['dlv-12-payload-shapes'],
      deliveredBy: [
        'ver-10-mention-render',
        'ver-11-membership',
        'sub-09-v1-chat-type',
        // Its marker messages, which show its subscription hears (reach/settle.ts).
        'eph-05-never-stored',
      ],
      faults: ['v1-chat-type-outside-the-enum'],
    },
  ],
  [
    'v1',
    'chat.reaction',
    V1_SHAPE,
    { ...EVERY_EVENT(), deliveredBy: ['dlv-08-timeout', 'sub-09-v1-reaction-names'] },
  ],
  ['v1', 'meeting.ended', V1_SHAPE, { ...EVERY_EVENT(), deliveredBy: MEETING_ENDED }],
  ['v1', 'token.revoked', V1_SHAPE, EVERY_EVENT()],
  ['v1', 'app.uninstalled', V1_SHAPE, { ...EVERY_EVENT(), deliveredBy: ['health-03-04-pause'] }],
  [
    'v1',
    'onair.event.created',
    V1_SHAPE,
    { ...EVERY_EVENT(), deliveredBy: ['sub-09-v1-on-air-filters', 'health-01-streak-span'] },
  ],
  ['v1', 'onair.event.updated', V1_SHAPE, EVERY_EVENT()],
  ['v1', 'onair.event.canceled', V1_SHAPE, EVERY_EVENT()],
  [
    'v1',
    'onair.guest.rsvp',
    V1_SHAPE,
    { ...EVERY_EVENT(), deliveredBy: ['sub-09-v1-on-air-filters'] },
  ],
  ['v1', 'onair.guest.added', V1_SHAPE, EVERY_EVENT()],
  ['v0', 'chat:message:dm', V0_CHAT, { checks: ['dlv-12-payload-shapes'] }],
  ['v0', 'chat:message:channel', V0_CHAT, EVERY_EVENT()],
  ['v0', 'chat:message:mention', V0_CHAT, EVERY_EVENT()],
  [
    'v0',
    'chat:message:reaction',
    'of `chat:message:reaction` the Reaction',
    { ...EVERY_EVENT(), deliveredBy: ['sub-10-v0-codes', 'dlv-11-reaction-debounce'] },
  ],
  ['v0', 'recording:saved', V0_NOT_SHOWN, EVERY_EVENT()],
  [
    'v0',
    'transcript:started',
    'of `transcript:started` the transcript-started payload',
    {
      checks: ['dlv-12-payload-shapes'],
      deliveredBy: [
        'health-03-04-pause',
        'dlv-02-headers',
        'dlv-03-signature',
        'dlv-09-v0-retried',
      ],
      faults: ['v0-start-as-a-number', 'v0-transcript-without-meeting-id'],
    },
  ],
  ['v0', 'transcript:saved', V0_NOT_SHOWN, EVERY_EVENT()],
  [
    'v0',
    'lobby:booked',
    V0_NOT_SHOWN,
    { checks: ['dlv-12-payload-shapes'], deliveredBy: ['sub-04-v0-lobby-filter'] },
  ],
  ['v0', 'user:status:update', 'of `user:status:update` the User object', EVERY_EVENT()],
  [
    'v0',
    'onair.event.created',
    ON_AIR,
    { ...EVERY_EVENT(), deliveredBy: ['sub-04-v0-on-air-filters', 'sub-02-upsert-delivered'] },
  ],
  ['v0', 'onair.event.updated', ON_AIR, EVERY_EVENT()],
  ['v0', 'onair.event.canceled', ON_AIR, EVERY_EVENT()],
  [
    'v0',
    'onair.guest.rsvp',
    '`onair.guest.rsvp` adds `guest` (one guest)',
    { ...EVERY_EVENT(), deliveredBy: ['sub-04-v0-on-air-filters'] },
  ],
  [
    'v0',
    'onair.guest.added',
    '`onair.guest.added` adds `guests` (array of guests)',
    EVERY_EVENT('v0-guests-added-without-guests'),
  ],
  [
    'v0',
    'magicast.created',
    V0_NOT_SHOWN,
    {
      unjudged: {
        kind: 'no-operation',
        reason:
          "no subscription can name magicast.created: v0 subscribe's event enum leaves it out (the v0 events table: not in the subscribable enum)",
      },
    },
  ],
];

const dashed = (name: string) => name.replace(/[.:]/g, '-');

/**
 * The fault of the catalogue that breaks the payload shape of one event (a field its schema
 * requires left out, or the payload no object where it requires none): one per delivered event.
 */
export const shapeFaultId = (generation: 'v0' | 'v1', name: string) =>
  `${generation}-${dashed(name)}-payload-broken`;

/**
 * DLV-12 per event: each documented event of v0 and v1 is delivered with the payload shape of its
 * version (`DLV-12.shape-<generation>-<event>`, the event's dots and colons as dashes), and each
 * one delivered has a fault that breaks its shape (`shapeFaultId`).
 */
export const EVENT_CLAUSES: readonly Clause[] = EVENTS.map(([generation, name, text, judged]) => ({
  id: `DLV-12.shape-${generation}-${dashed(name)}`,
  text,
  versions: generation === 'v0' ? 'v0' : 'all',
  basis: 'stated',
  event: { generation, name },
  ...judged,
  ...(judged.unjudged
    ? {}
    : { faults: [...(judged.faults ?? []), shapeFaultId(generation, name)] }),
}));

/** The events whose deliveries are judged, by generation: every documented one but the unjudged. */
export const JUDGED_EVENTS: ReadonlyArray<readonly ['v0' | 'v1', string]> = EVENTS.filter(
  ([, , , judged]) => !judged.unjudged,
).map(([generation, name]) => [generation, name] as const);
