import { gateVersion } from '../../versions.js';
import type { Clause } from './clause.js';

/**
 * Dates are quoted from the registry, in the specification's sentences and in the ids of faults
 * named after the version that brought a gate: no string of src/ names a dated version.
 */
const MENTION_RENDER = gateVersion('mention-render');
const MEMBERSHIP = gateVersion('membership');
const AVATAR_GATE = gateVersion('avatar-gate');

/**
 * The clauses of the versioning rules that dated versions change in behaviour (VER-10 to VER-12),
 * and of what holds across versions (VER-13 to VER-15).
 */
export const VER_BEHAVIOUR_CLAUSES: readonly Clause[] = [
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
    faults: ['principals-unbracketed'],
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
    faults: ['mentions-outside-membership-unheard'],
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
    faults: ['legacy-avatar-paths-refused'],
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
