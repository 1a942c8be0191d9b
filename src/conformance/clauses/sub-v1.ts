import type { Clause } from './clause.js';

/**
 * The v1 On-Air filters are judged alike: the v1 data shapes are not shown (Events: "Data shapes of
 * the v1 events: not shown"), so no check reads which On-Air event a v1 delivery is about.
 */
const NO_ON_AIR_EVENT = {
  kind: 'not-sent',
  reason:
    'no check subscribes to a v1 On-Air event with a filter: the v1 data shapes are not shown, so which On-Air event a delivery is about cannot be read (the v0 filters are judged by sub-04-v0-on-air-filters)',
} as const;

/** The clauses of the v1 subscription rules (SUB-07 to SUB-09): the list, its scope, the v1 filter. */
export const SUB_V1_CLAUSES: readonly Clause[] = [
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
    checks: ['sub-07-v1-list'],
    faults: ['list-shows-empty-filter'],
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
    checks: ['sub-09-v1-reaction-names'],
    faults: ['reaction-names-ignored'],
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
];
