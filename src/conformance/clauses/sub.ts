import type { Clause } from './clause.js';

/** Every On-Air event and guest filter is judged alike: no check makes an On-Air event happen. */
const NO_ON_AIR_EVENT = {
  kind: 'not-sent',
  reason:
    'no check makes an On-Air event happen: the subscriptions to onair.* that checks make are never delivered anything',
} as const;

/**
 * The clauses of the subscription rules (SUB), with those of the v0 filter (SUB-04, a rule of the
 * documents that a running implementation shows as well: what it refuses, what it delivers).
 */
export const SUB_CLAUSES: readonly Clause[] = [
  {
    id: 'SUB-01.answers-the-subscription',
    text: 'Responses: `200` body is the v0 subscription (`id`, `event`, `url`, `filter`).',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-01-v0-subscribe'],
    faults: ['v0-subscribe-forgets-the-filter', 'v0-subscribe-invents-a-filter'],
  },
  {
    id: 'SUB-01.magicast-not-subscribable',
    text: '`magicast:read`; not in the subscribable enum',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-01-v0-subscribe'],
  },
  {
    id: 'SUB-01.every-subscribable-event',
    text: '`chat:message:dm`, `chat:message:channel`, `chat:message:mention`, `chat:message:reaction`, `recording:saved`, `transcript:started`, `transcript:saved`, `lobby:booked`, `user:status:update`, `onair.event.created`, `onair.event.updated`, `onair.event.canceled`, `onair.guest.rsvp`, `onair.guest.added`',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'the checks subscribe v0 to 7 of the 14 names; chat:message:channel, chat:message:mention, recording:saved, transcript:saved, user:status:update, onair.event.canceled and onair.guest.added never are',
    },
  },
  {
    id: 'SUB-01.url-and-event-required',
    text: '| `url` | string, uri | yes |',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'every v0 subscribe the checks send has a url and an event; none lacks one',
    },
  },
  {
    id: 'SUB-02.same-id',
    text: 'If one exists for the same event and URL, its filter is updated and no duplicate is created.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-02-upsert'],
    faults: ['subscribe-duplicates'],
  },
  {
    id: 'SUB-02.filter-updated-in-the-answer',
    text: 'its filter is updated',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-02-upsert'],
  },
  {
    id: 'SUB-02.filter-updated-for-deliveries',
    text: 'its filter is updated',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'no check emits an event after an upsert: a filter left stale for deliveries, while the answer shows the new one, passes',
    },
  },
  {
    id: 'SUB-03.v0-1024-accepted',
    text: 'Max 1024 characters',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-03-url-rules'],
    faults: ['v0-url-of-1024-refused'],
  },
  {
    id: 'SUB-03.v0-longer-refused',
    text: 'URL over 1024 characters gives code `invalid_parameter`',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-03-url-rules'],
    faults: ['long-urls-accepted', 'v0-url-of-1025-accepted'],
  },
  {
    id: 'SUB-03.v1-1024-accepted',
    text: 'Destination URLs: max 1024 characters (static config and subscribe)',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-03-url-rules'],
    faults: ['v1-url-of-1024-refused'],
  },
  {
    id: 'SUB-03.v1-longer-refused',
    text: 'longer gives 400 `invalid_parameter`',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-03-url-rules'],
    faults: ['long-urls-accepted'],
  },
  {
    id: 'SUB-03.https-outside-local',
    text: 'HTTPS required outside local environments',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-03-url-rules'],
  },
  {
    id: 'SUB-03.plain-http-locally',
    text: 'A local environment accepts plain HTTP only to loopback and private hosts',
    versions: 'all',
    basis: 'SUB-03.local-plain-http',
    checks: ['sub-03-url-rules'],
  },
  {
    id: 'SUB-03.static-configuration',
    text: 'Destination URLs: max 1024 characters (static config and subscribe)',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason:
        'static configuration is made in the administration developer settings, outside the contract',
    },
  },
  {
    id: 'SUB-04.no-other-keys',
    text: 'No additional properties are allowed.',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'judged only in the documents (the v0 filter schema is closed): no check sends a v0 filter with another key',
    },
  },
  {
    id: 'SUB-04.status-values',
    text: '`status` | enum `invited`, `going`, `maybe`, `notGoing`',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'judged only in the documents: no check sends a v0 filter with another status',
    },
  },
  {
    id: 'SUB-04.lobby-id',
    text: 'Only bookings of this lobby.',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'dlv-12-payload-shapes delivers lobby:booked to a subscription without a filter; sub-01 subscribes with lobbyId and emits nothing',
    },
  },
  {
    id: 'SUB-04.event-id',
    text: '`eventId` | string | `onair.event.*`, `onair.guest.*` | Only this event.',
    versions: 'v0',
    basis: 'stated',
    unjudged: NO_ON_AIR_EVENT,
  },
  {
    id: 'SUB-04.status',
    text: '`onair.guest.rsvp` | Only this RSVP status.',
    versions: 'v0',
    basis: 'stated',
    unjudged: NO_ON_AIR_EVENT,
  },
  {
    id: 'SUB-05.removes-204',
    text: '`204` deleted (no body)',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-05-unsubscribe'],
  },
  {
    id: 'SUB-05.form-encoded',
    text: 'Request content type is `application/x-www-form-urlencoded` (not JSON) with one field `id`',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-05-unsubscribe'],
  },
  {
    id: 'SUB-05.removed-id-404',
    text: '`404` subscription not found',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-05-unsubscribe'],
    faults: ['unsubscribe-twice-succeeds'],
  },
  {
    id: 'SUB-05.never-made-id-404',
    text: '`404` subscription not found',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'sub-05-unsubscribe sends an id it removed before, never one that was never made',
    },
  },
  {
    id: 'SUB-05.id-required',
    text: 'one field `id` (uuid, required)',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'every v0 unsubscribe the checks send carries a uuid id',
    },
  },
  {
    id: 'SUB-06.subscribe-organization-only',
    text: 'Access: organization only. Scope: `webhook:write`.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-06-v0-organization-only'],
    faults: ['v0-open-to-every-credential'],
  },
  {
    id: 'SUB-06.subscribe-needs-write',
    text: 'Scope: `webhook:write`.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-06-v0-organization-only'],
    faults: ['v0-open-to-every-credential'],
  },
  {
    id: 'SUB-06.unsubscribe-organization-only',
    text: 'Removes a subscription. Access: organization only.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-06-v0-organization-only'],
  },
  {
    id: 'SUB-06.unsubscribe-needs-write',
    text: 'Removes a subscription. Access: organization only. Scope: `webhook:write`.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-06-v0-organization-only'],
    faults: ['v0-unsubscribe-done-then-refused'],
  },
  {
    id: 'SUB-07.dynamic-listed',
    text: 'Lists all subscriptions owned by the authenticated API client, both dynamic and static.',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-07-v1-list'],
    faults: ['list-hides-dynamic'],
  },
  {
    id: 'SUB-07.dynamic-true',
    text: '`true` if created through the subscribe endpoint',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-07-v1-list'],
  },
  {
    id: 'SUB-07.gone-after-unsubscribe',
    text: 'Lists all subscriptions owned by the authenticated API client',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-07-v1-list'],
  },
  {
    id: 'SUB-07.static-listed',
    text: 'both dynamic and static',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-07-static-list'],
    faults: ['static-subscriptions-not-listed'],
  },
  {
    id: 'SUB-07.static-dynamic-false',
    text: '`false` if configured statically in the administration developer settings',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-07-static-list'],
    faults: ['static-subscriptions-listed-as-dynamic'],
  },
  {
    id: 'SUB-07.empty-when-none',
    text: '(`webhooks` is required; empty array when none)',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'no check lists with a credential whose app has no subscription',
    },
  },
  {
    id: 'SUB-07.owned-by-the-client',
    text: 'owned by the authenticated API client',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: "no check looks for one app's subscription in another app's list",
    },
  },
  {
    id: 'SUB-07.filter-omitted-when-none',
    text: 'Omitted when no filter is set.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-compared',
      reason:
        "sub-07-v1-list subscribes without a filter and reads the entry's dynamic, not whether it has a filter",
    },
  },
  {
    id: 'SUB-08.list-needs-read',
    text: '`401` invalid credentials or missing scope `webhook:read`',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-08-list-scope'],
    faults: ['list-without-scope'],
  },
  {
    id: 'SUB-09.empty-filter-rejected',
    text: '`{mention:false}` alone is rejected like an empty filter `{}`',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-09-v1-filter'],
    faults: ['schema-refusals-become-subscriptions'],
  },
  {
    id: 'SUB-09.mention-false-alone-rejected',
    text: '`{mention:false}` alone is rejected',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-09-v1-filter'],
    faults: ['schema-refusals-become-subscriptions'],
  },
  {
    id: 'SUB-09.mention-false-beside-a-key',
    text: 'it may accompany another key',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-09-v1-filter'],
    faults: ['mention-false-refused-beside-another-key'],
  },
  {
    id: 'SUB-09.rejected-makes-nothing',
    text: 'is rejected like an empty filter `{}`',
    versions: 'all',
    basis: 'stated',
    checks: ['sub-09-v1-filter'],
  },
  {
    id: 'SUB-09.refused-as-invalid-parameter',
    text: 'A rejected v1 filter is answered 400 `invalid_parameter`',
    versions: 'all',
    basis: 'SUB-09.invalid-parameter',
    checks: ['sub-09-v1-filter'],
  },
  {
    id: 'SUB-09.values-outside-the-lists',
    text: "A v1 filter value outside its field's listed values",
    versions: 'all',
    basis: 'SUB-09.outside-values',
    checks: ['sub-09-v1-filter'],
  },
  {
    id: 'SUB-09.chat-type-dm',
    text: '`dm` = direct messages (1:1 and multi-person)',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'no subscription filtered by chatType is delivered anything: sub-09-v1-filter only subscribes with one',
    },
  },
  {
    id: 'SUB-09.chat-type-group',
    text: '`group` = group messages including meeting channels',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'no subscription filtered by chatType is delivered anything: sub-09-v1-filter only subscribes with one',
    },
  },
  {
    id: 'SUB-09.names',
    text: 'Only when the changed reaction is one of these names',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: 'no check subscribes to chat.reaction with names, nor sends a changedReaction',
    },
  },
  {
    id: 'SUB-09.has-video',
    text: 'Only meetings that were video recorded (a video track exists).',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'no meeting.ended is emitted with hasVideo, and the one filter with hasVideo (false) is refused by sub-09-v1-filter',
    },
  },
  {
    id: 'SUB-09.event-id',
    text: '`eventId` | string | `onair.event.*`, `onair.guest.*` | Only this event.',
    versions: 'all',
    basis: 'stated',
    unjudged: NO_ON_AIR_EVENT,
  },
  {
    id: 'SUB-09.status',
    text: '`onair.guest.rsvp` | Only this RSVP status.',
    versions: 'all',
    basis: 'stated',
    unjudged: NO_ON_AIR_EVENT,
  },
  {
    id: 'SUB-10.codes-without-colons',
    text: 'Codes are compared with surrounding colons removed, so `name` and `:name:` are equivalent.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-10-v0-codes'],
    faults: ['codes-compared-with-colons'],
  },
  {
    id: 'SUB-10.colon-wrapped-filter-matches',
    text: 'so `name` and `:name:` are equivalent',
    versions: 'v0',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'sub-10-v0-codes sends its colon-wrapped filter (:tada:) only where no reaction matches it',
    },
  },
  {
    id: 'SUB-10.message-level-gate',
    text: 'Fire only when the message carries at least one reaction whose shortcode is in the list.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-10-v0-codes'],
  },
  {
    id: 'SUB-10.payload-lists-every-reaction',
    text: 'Message-level gate only: the payload still lists all reactions on the message.',
    versions: 'v0',
    basis: 'stated',
    checks: ['sub-10-v0-codes'],
  },
];
