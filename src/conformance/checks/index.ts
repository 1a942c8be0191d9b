import type { RegisteredCheck } from '../run/check.js';
import { auth01MissingCredential } from './auth-01-missing-credential.js';
import { auth02TokenErrors } from './auth-02-token-errors.js';
import { auth03TokenGrants } from './auth-03-token-grants.js';
import { auth04ClientAuthentication } from './auth-04-client-authentication.js';
import { auth05AuthorizeRedirect } from './auth-05-authorize-redirect.js';
import { auth05CodeSingleUse } from './auth-05-code-single-use.js';
import { auth06Pkce } from './auth-06-pkce.js';
import { auth07TokenResponse } from './auth-07-token-response.js';
import { auth08Refresh } from './auth-08-refresh.js';
import { auth09Revocation } from './auth-09-revocation.js';
import { auth10Metadata } from './auth-10-metadata.js';
import { auth11PersonalTokens } from './auth-11-personal-tokens.js';
import { auth13Scopes } from './auth-13-scopes.js';
import { dlv01Post } from './dlv-01-post.js';
import { dlv02Headers } from './dlv-02-headers.js';
import { dlv03Signature } from './dlv-03-signature.js';
import { dlv03SignatureByApp } from './dlv-03-signature-by-app.js';
import { dlv04WebhookId } from './dlv-04-webhook-id.js';
import { dlv05RetryHeaders } from './dlv-05-retry-headers.js';
import { dlv06Attempts } from './dlv-06-attempts.js';
import { dlv07Waits } from './dlv-07-waits.js';
import { dlv08Timeout } from './dlv-08-timeout.js';
import { dlv09AfterLastAttempt } from './dlv-09-after-last-attempt.js';
import { dlv09V0Retried } from './dlv-09-v0-retried.js';
import { dlv10Order } from './dlv-10-order.js';
import { dlv11ReactionDebounce } from './dlv-11-reaction-debounce.js';
import { dlv12EveryEvent } from './dlv-12-every-event.js';
import { dlv12PayloadShapes } from './dlv-12-payload-shapes.js';
import { eph01Post } from './eph-01-post.js';
import { eph02InvalidParameters } from './eph-02-invalid-parameters.js';
import { eph03TooLong } from './eph-03-too-long.js';
import { eph04ErrorTable } from './eph-04-error-table.js';
import { eph05NeverStored } from './eph-05-never-stored.js';
import { eph06SenderId } from './eph-06-sender-id.js';
import { health0102Streak } from './health-01-02-streak.js';
import { health01StreakSpan } from './health-01-streak-span.js';
import { health0304Pause } from './health-03-04-pause.js';
import { sub01V0Subscribe } from './sub-01-v0-subscribe.js';
import { sub04V0ClosedFilter } from './sub-04-v0-closed-filter.js';
import { sub04V0LobbyFilter } from './sub-04-v0-lobby-filter.js';
import { sub04V0OnAirFilters } from './sub-04-v0-on-air-filters.js';
import { sub02Upsert } from './sub-02-upsert.js';
import { sub02UpsertDelivered } from './sub-02-upsert-delivered.js';
import { sub03UrlRules } from './sub-03-url-rules.js';
import { sub05Unsubscribe } from './sub-05-unsubscribe.js';
import { sub06V0OrganizationOnly } from './sub-06-v0-organization-only.js';
import { sub07StaticList } from './sub-07-static-list.js';
import { sub07V1List } from './sub-07-v1-list.js';
import { sub08ListScope } from './sub-08-list-scope.js';
import { sub09V1Filter } from './sub-09-v1-filter.js';
import { sub09V1ChatType } from './sub-09-v1-chat-type.js';
import { sub09V1HasVideo } from './sub-09-v1-has-video.js';
import { sub09V1OnAirFilters } from './sub-09-v1-on-air-filters.js';
import { sub09V1ReactionNames } from './sub-09-v1-reaction-names.js';
import { sub10V0Codes } from './sub-10-v0-codes.js';
import { ver01DeclaredShapes } from './ver-01-declared-shapes.js';
import { ver02VersionResolution } from './ver-02-version-resolution.js';
import { ver03VersionHeader } from './ver-03-version-header.js';
import { ver04UnsupportedVersion } from './ver-04-unsupported-version.js';
import { ver05Lifecycle } from './ver-05-lifecycle.js';
import { ver08PayloadShape } from './ver-08-payload-shape.js';
import { ver10MentionRender } from './ver-10-mention-render.js';
import { ver11Membership } from './ver-11-membership.js';
import { ver12AvatarGate } from './ver-12-avatar-gate.js';
import { ver13MentionWrites } from './ver-13-mention-writes.js';
import { ver14SubscriptionVersion } from './ver-14-subscription-version.js';
import { ver15Cursor } from './ver-15-cursor.js';

/**
 * Every conformance check under its id, in the order they run and report: versioning, OAuth and
 * tokens, subscriptions, ephemeral messages, then deliveries. Background checks (long waits) start
 * first and run alongside the others. The id is each check's only name: its findings' rule, what
 * `--only` selects, its file's name; a test holds the ids unique.
 */
export const CHECKS: readonly RegisteredCheck[] = [
  ['ver-01-declared-shapes', ver01DeclaredShapes],
  ['ver-02-version-resolution', ver02VersionResolution],
  ['ver-03-version-header', ver03VersionHeader],
  ['ver-04-unsupported-version', ver04UnsupportedVersion],
  ['ver-05-lifecycle', ver05Lifecycle],
  ['ver-12-avatar-gate', ver12AvatarGate],
  ['ver-13-mention-writes', ver13MentionWrites],
  ['ver-15-cursor', ver15Cursor],
  ['auth-01-missing-credential', auth01MissingCredential],
  ['auth-02-token-errors', auth02TokenErrors],
  ['auth-03-token-grants', auth03TokenGrants],
  ['auth-04-client-authentication', auth04ClientAuthentication],
  ['auth-05-authorize-redirect', auth05AuthorizeRedirect],
  ['auth-05-code-single-use', auth05CodeSingleUse],
  ['auth-06-pkce', auth06Pkce],
  ['auth-07-token-response', auth07TokenResponse],
  ['auth-08-refresh', auth08Refresh],
  ['auth-09-revocation', auth09Revocation],
  ['auth-10-metadata', auth10Metadata],
  ['auth-11-personal-tokens', auth11PersonalTokens],
  ['auth-13-scopes', auth13Scopes],
  ['sub-01-v0-subscribe', sub01V0Subscribe],
  ['sub-02-upsert', sub02Upsert],
  ['sub-02-upsert-delivered', sub02UpsertDelivered],
  ['sub-03-url-rules', sub03UrlRules],
  ['sub-04-v0-closed-filter', sub04V0ClosedFilter],
  ['sub-04-v0-on-air-filters', sub04V0OnAirFilters],
  ['sub-04-v0-lobby-filter', sub04V0LobbyFilter],
  ['sub-05-unsubscribe', sub05Unsubscribe],
  ['sub-06-v0-organization-only', sub06V0OrganizationOnly],
  ['sub-07-v1-list', sub07V1List],
  ['sub-07-static-list', sub07StaticList],
  ['sub-08-list-scope', sub08ListScope],
  ['sub-09-v1-filter', sub09V1Filter],
  ['sub-09-v1-reaction-names', sub09V1ReactionNames],
  ['sub-09-v1-chat-type', sub09V1ChatType],
  ['sub-09-v1-has-video', sub09V1HasVideo],
  ['sub-09-v1-on-air-filters', sub09V1OnAirFilters],
  ['eph-01-post', eph01Post],
  ['eph-02-invalid-parameters', eph02InvalidParameters],
  ['eph-03-too-long', eph03TooLong],
  ['eph-04-error-table', eph04ErrorTable],
  ['eph-05-never-stored', eph05NeverStored],
  ['eph-06-sender-id', eph06SenderId],
  ['health-03-04-pause', health0304Pause],
  ['dlv-08-timeout', dlv08Timeout],
  ['dlv-01-post', dlv01Post],
  ['dlv-02-headers', dlv02Headers],
  ['dlv-03-signature', dlv03Signature],
  ['dlv-03-signature-by-app', dlv03SignatureByApp],
  ['dlv-04-webhook-id', dlv04WebhookId],
  ['dlv-05-retry-headers', dlv05RetryHeaders],
  ['dlv-06-attempts', dlv06Attempts],
  ['dlv-07-waits', dlv07Waits],
  ['dlv-09-after-last-attempt', dlv09AfterLastAttempt],
  ['dlv-09-v0-retried', dlv09V0Retried],
  ['dlv-10-order', dlv10Order],
  ['dlv-11-reaction-debounce', dlv11ReactionDebounce],
  ['dlv-12-payload-shapes', dlv12PayloadShapes],
  ['dlv-12-every-event', dlv12EveryEvent],
  ['sub-10-v0-codes', sub10V0Codes],
  ['ver-08-payload-shape', ver08PayloadShape],
  ['ver-10-mention-render', ver10MentionRender],
  ['ver-11-membership', ver11Membership],
  ['ver-14-subscription-version', ver14SubscriptionVersion],
  ['health-01-02-streak', health0102Streak],
  ['health-01-streak-span', health01StreakSpan],
];
