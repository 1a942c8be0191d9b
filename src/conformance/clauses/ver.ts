import { gateVersion, loadVersionRegistry } from '../../versions.js';
import type { Clause } from './clause.js';

/**
 * Dates are quoted from the registry, in the specification's sentences and in the ids of faults
 * named after the version that brought a gate: no string of src/ names a dated version.
 */
const { baseline } = loadVersionRegistry();
const ENVELOPE = gateVersion('envelope');
const MENTION_RENDER = gateVersion('mention-render');
const MEMBERSHIP = gateVersion('membership');
const AVATAR_GATE = gateVersion('avatar-gate');

/** The clauses of the versioning rules (VER) a running implementation or receiver shows. */
export const VER_CLAUSES: readonly Clause[] = [
  {
    id: 'VER-02.header-first',
    text: 'Resolution order for REST: request header `Service-Version`',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
  },
  {
    id: 'VER-02.pinned-default',
    text: "else the integration's pinned default",
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
    faults: ['pin-ignored'],
  },
  {
    id: 'VER-02.baseline-default',
    text: `else \`${baseline}\``,
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
    faults: ['unpinned-at-the-latest'],
  },
  {
    id: 'VER-02.pinned-at-creation',
    text: 'is pinned once at creation to the latest version then; the pin never advances by itself',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason:
        'credentials are created in the product UI, outside the contract: the suite reads their pins from the profile',
    },
  },
  {
    id: 'VER-03.on-success',
    text: 'Every API response carries a `Service-Version` header naming the version used.',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-03-version-header'],
    faults: ['version-header-always-the-latest'],
  },
  {
    id: 'VER-03.on-errors',
    text: 'Every API response carries a `Service-Version` header',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-03-version-header'],
    faults: ['no-version-on-errors'],
  },
  {
    id: 'VER-04.unsupported-refused',
    text: 'An unsupported requested version gives 400',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-04-unsupported-version'],
  },
  {
    id: 'VER-04.lists-supported',
    text: 'body lists supported versions',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-04-unsupported-version'],
    faults: ['unsupported-version-without-list', 'supported-list-without-the-baseline'],
  },
  {
    id: 'VER-04.every-versioned-call',
    text: 'any versioned REST call',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'ver-04-unsupported-version asks v1 list alone with an unsupported version; postEphemeral and v1 subscribe never are',
    },
  },
  {
    id: 'VER-05.sunset-410',
    text: 'after sunset, requests pinned to it return 410',
    versions: 'all',
    basis: 'stated',
    // Sent only where the profile declares a sunset version (`lifecycle.sunset`).
    checks: ['ver-05-lifecycle'],
  },
  {
    id: 'VER-05.deprecation-headers',
    text: 'as a version nears end of life, REST responses include `Deprecation` and `Sunset` headers',
    versions: 'all',
    basis: 'stated',
    // Sent only where the profile declares a deprecated version (`lifecycle.deprecated`).
    checks: ['ver-05-lifecycle'],
  },
  {
    id: 'VER-05.none-while-supported',
    text: 'as a version nears end of life',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-05-lifecycle'],
    faults: ['deprecation-on-supported-version'],
  },
  {
    id: 'VER-05.sunset-date',
    text: '`Sunset` headers with the shutdown date',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-compared',
      reason:
        'ver-05-lifecycle checks that Sunset is there, not the date it names (the profile declares no shutdown date)',
    },
  },
  {
    id: 'VER-05.in-use-not-retired',
    text: 'versions in use are not retired',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'unobservable',
      reason: 'which versions are in use is known to the implementation alone',
    },
  },
  {
    id: 'VER-07.unknown-fields-ignored',
    text: 'clients ignore unknown fields and values',
    versions: 'all',
    basis: 'stated',
    receiverChecks: ['dlv-12-unknown-fields'],
  },
  {
    id: 'VER-07.unknown-values-ignored',
    text: 'Additive changes (new fields, endpoints, event types, optional parameters, enum values) occur on all versions without a new date; clients ignore unknown fields and values.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'the receiver suite adds unknown fields to payloads, never an unknown value of an enum or an unknown event type',
    },
  },
  {
    id: 'VER-08.bare-before-envelope',
    text: 'Before that (baseline) payloads are bare.',
    versions: { before: 'envelope' },
    basis: 'stated',
    checks: ['ver-08-payload-shape'],
  },
  {
    id: 'VER-08.enveloped',
    text: `From version ${ENVELOPE}, payloads use an envelope with \`type\`, \`eventId\`, \`timestamp\`, \`apiVersion\`, and \`data\` (business fields inside \`data\``,
    versions: { from: 'envelope' },
    basis: 'stated',
    checks: ['ver-08-payload-shape'],
  },
  {
    id: 'VER-08.type-names-the-event',
    text: 'route on `type`',
    versions: { from: 'envelope' },
    basis: 'stated',
    // Every hook holds its deliveries' `type` to the event it subscribed when it closes; these
    // two declare VER-08 and are delivered meeting.ended.
    checks: ['ver-08-payload-shape', 'dlv-04-webhook-id'],
    faults: ['envelope-names-another-event'],
  },
  {
    id: 'VER-08.api-version',
    text: `from \`${ENVELOPE}\`, the envelope field \`apiVersion\``,
    versions: { from: 'envelope' },
    basis: 'stated',
    checks: ['ver-08-payload-shape'],
    faults: ['api-version-of-the-app'],
  },
  {
    id: 'VER-08.event-id-per-retry',
    text: 'every attempt of a delivery carries the same one',
    versions: { from: 'envelope' },
    basis: 'VER-08.event-id',
    checks: ['dlv-04-webhook-id'],
    faults: ['event-id-per-attempt', 'new-event-id-on-retry'],
  },
  {
    id: 'VER-08.event-id-per-event',
    text: 'two events never share one',
    versions: { from: 'envelope' },
    basis: 'VER-08.event-id',
    checks: ['dlv-04-webhook-id'],
    faults: ['one-event-id-for-every-event'],
  },
  {
    id: 'VER-10.group-subteam',
    text: 'groups render as `<!subteam^uuid>` (was `<@uuid>`)',
    versions: { from: 'mention-render' },
    basis: 'stated',
    checks: ['ver-10-mention-render'],
    faults: ['baseline-grammar-always'],
  },
  {
    id: 'VER-10.broadcast-channel',
    text: 'broadcast as `<!channel>` (was `<@all>`)',
    versions: { from: 'mention-render' },
    basis: 'stated',
    checks: ['ver-10-mention-render'],
    faults: ['baseline-grammar-always'],
  },
  {
    id: 'VER-10.legacy-grammar-before',
    text: '(was `<@uuid>`), broadcast as `<!channel>` (was `<@all>`)',
    versions: { before: 'mention-render' },
    basis: 'stated',
    checks: ['ver-10-mention-render'],
    faults: [`subteam-grammar-before-${MENTION_RENDER}`],
  },
  {
    id: 'VER-10.principals-stay',
    text: 'principals stay `<@uuid>`',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-10-mention-render'],
  },
  {
    id: 'VER-10.mentions-list-unchanged',
    text: '`mentions` list unchanged',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason: "the suite's chat.message carries no mentions list (its data shape is not shown)",
    },
  },
  {
    id: 'VER-10.reads',
    text: 'In message text on reads (history, search, link resolve',
    versions: { from: 'mention-render' },
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'chat history, search and link resolve are named, their shapes not shown',
    },
  },
  {
    id: 'VER-11.mention-filter-restricts',
    text: 'Restrict to messages that mention the app.',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-11-membership'],
    faults: ['membership-ignored'],
  },
  {
    id: 'VER-11.member-hears-every-message',
    text: 'organization apps hear a group only when members',
    versions: { from: 'membership' },
    basis: 'stated',
    checks: ['ver-11-membership'],
    faults: [`mention-only-after-${MEMBERSHIP}`],
  },
  {
    id: 'VER-11.non-member-hears-nothing',
    text: 'organization apps hear a group only when members',
    versions: { from: 'membership' },
    basis: 'stated',
    checks: ['ver-11-membership'],
    faults: ['membership-ignored'],
  },
  {
    id: 'VER-11.mention-only-before',
    text: '`filter {mention: true}` restores mention-only',
    versions: { before: 'membership' },
    basis: 'VER-11.before-membership',
    checks: ['ver-11-membership'],
    faults: [`unjoined-channels-heard-before-${MEMBERSHIP}`, 'membership-ignored'],
  },
  {
    id: 'VER-11.mention-reaches-non-member',
    text: 'events arrive only for chats where the app is a participant or is mentioned',
    versions: { from: 'membership' },
    basis: 'VER-11.mention-outside-membership',
    checks: ['ver-11-membership'],
  },
  {
    id: 'VER-11.personal-owner-membership',
    text: "personal tokens use the owner's membership (every message, not mention-only)",
    versions: { from: 'membership' },
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'hooks subscribe with an organization credential: no check subscribes with a personal token',
    },
  },
  {
    id: 'VER-11.rest-membership',
    text: 'Organization chat post and start-stream to a public group without joining stay allowed; organization chat search includes unjoined public groups.',
    versions: { from: 'membership' },
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'chat post, start-stream and chat search are named, their shapes not shown',
    },
  },
  {
    id: 'VER-12.other-hosts-refused',
    text: `From version ${AVATAR_GATE} it must be a service-hosted avatar URL … other hosts give 400`,
    versions: { from: 'avatar-gate' },
    basis: 'stated',
    checks: ['ver-12-avatar-gate'],
    faults: ['foreign-avatars-taken-at-the-gate'],
  },
  {
    id: 'VER-12.permissive-before',
    text: 'Older pins and `/v0` stay permissive.',
    versions: { before: 'avatar-gate' },
    basis: 'stated',
    checks: ['ver-12-avatar-gate'],
    faults: ['avatars-gated-before-their-version'],
  },
  {
    id: 'VER-12.legacy-paths-hosted',
    text: 'or a legacy `/card-images/` or `/photos/people/` URL',
    versions: { from: 'avatar-gate' },
    basis: 'VER-12.legacy-avatar-host',
    checks: ['ver-12-avatar-gate'],
  },
  {
    id: 'VER-12.asset-avatar',
    text: 'from the asset-creation endpoint with purpose `avatar`',
    versions: { from: 'avatar-gate' },
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'asset creation is named, its shape not shown: no check makes an avatar asset',
    },
  },
  {
    id: 'VER-12.on-air-host-images',
    text: 'On-Air `hosts.imageUrl` must be service-hosted avatar URLs',
    versions: { from: 'avatar-gate' },
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'the contract shows no write of On-Air events',
    },
  },
  {
    id: 'VER-13.unversioned',
    text: 'Writes of mentions are unversioned',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-13-mention-writes'],
    faults: ['subteam-grammar-refused-at-the-baseline'],
  },
  {
    id: 'VER-13.ephemeral-accepts-mentions',
    text: 'postEphemeral takes text with mentions in either grammar',
    versions: 'all',
    basis: 'VER-13.ephemeral-mentions',
    checks: ['ver-13-mention-writes'],
    faults: ['subteam-grammar-refused-on-write'],
  },
  {
    id: 'VER-13.chat-post-and-update',
    text: 'every version accepts both mention grammars (also `|label` suffixes and the legacy `<@all>` alias) on chat post and update',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'chat post and update are named, their shapes not shown',
    },
  },
  {
    id: 'VER-14.inherits-the-pin',
    text: "Webhook subscriptions fix the version at creation: the integration's default",
    versions: 'all',
    basis: 'stated',
    checks: ['ver-14-subscription-version'],
    faults: ['version-header-of-the-app'],
  },
  {
    id: 'VER-14.explicit-api-version',
    text: 'or an explicit `apiVersion` in the v1 subscribe body',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-14-subscription-version'],
    faults: ['version-header-of-the-app'],
  },
  {
    id: 'VER-15.invalid-cursor',
    text: 'An invalid pagination cursor returns `error: invalid_cursor`',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason:
        'no documented operation takes a cursor (ver-15-cursor says not applicable); the paged reads are named, not shown',
    },
  },
  {
    id: 'VER-15.opaque-cursor',
    text: 'Pagination cursors are opaque: pass `nextCursor` back as `cursor` unchanged.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'no documented operation takes a cursor',
    },
  },
];
