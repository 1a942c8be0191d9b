import type { Check } from '../check.ts';
import { auth01MissingCredential } from './auth-01-missing-credential.ts';
import { auth02TokenErrors } from './auth-02-token-errors.ts';
import { auth03TokenGrants } from './auth-03-token-grants.ts';
import { auth04ClientAuthentication } from './auth-04-client-authentication.ts';
import { auth05AuthorizeRedirect } from './auth-05-authorize-redirect.ts';
import { auth05CodeSingleUse } from './auth-05-code-single-use.ts';
import { auth06Pkce } from './auth-06-pkce.ts';
import { auth07TokenResponse } from './auth-07-token-response.ts';
import { auth08Refresh } from './auth-08-refresh.ts';
import { auth09Revocation } from './auth-09-revocation.ts';
import { auth10Metadata } from './auth-10-metadata.ts';
import { auth11PersonalTokens } from './auth-11-personal-tokens.ts';
import { auth13Scopes } from './auth-13-scopes.ts';
import { dlv01Post } from './dlv-01-post.ts';
import { dlv02Headers } from './dlv-02-headers.ts';
import { dlv03Signature } from './dlv-03-signature.ts';
import { dlv04WebhookId } from './dlv-04-webhook-id.ts';
import { dlv05RetryHeaders } from './dlv-05-retry-headers.ts';
import { dlv06Attempts } from './dlv-06-attempts.ts';
import { dlv07Waits } from './dlv-07-waits.ts';
import { dlv08Timeout } from './dlv-08-timeout.ts';
import { dlv09AfterLastAttempt } from './dlv-09-after-last-attempt.ts';
import { dlv10Order } from './dlv-10-order.ts';
import { dlv11ReactionDebounce } from './dlv-11-reaction-debounce.ts';
import { dlv12PayloadShapes } from './dlv-12-payload-shapes.ts';
import { eph01Post } from './eph-01-post.ts';
import { eph02InvalidParameters } from './eph-02-invalid-parameters.ts';
import { eph03TooLong } from './eph-03-too-long.ts';
import { eph04ErrorTable } from './eph-04-error-table.ts';
import { eph05NeverStored } from './eph-05-never-stored.ts';
import { eph06SenderId } from './eph-06-sender-id.ts';
import { health0102Streak } from './health-01-02-streak.ts';
import { health0304Pause } from './health-03-04-pause.ts';
import { sub01V0Subscribe } from './sub-01-v0-subscribe.ts';
import { sub02Upsert } from './sub-02-upsert.ts';
import { sub03UrlRules } from './sub-03-url-rules.ts';
import { sub05Unsubscribe } from './sub-05-unsubscribe.ts';
import { sub06V0OrganizationOnly } from './sub-06-v0-organization-only.ts';
import { sub07V1List } from './sub-07-v1-list.ts';
import { sub08ListScope } from './sub-08-list-scope.ts';
import { sub09V1Filter } from './sub-09-v1-filter.ts';
import { sub10V0Codes } from './sub-10-v0-codes.ts';
import { ver02VersionResolution } from './ver-02-version-resolution.ts';
import { ver03VersionHeader } from './ver-03-version-header.ts';
import { ver04UnsupportedVersion } from './ver-04-unsupported-version.ts';
import { ver05Lifecycle } from './ver-05-lifecycle.ts';
import { ver08PayloadShape } from './ver-08-payload-shape.ts';
import { ver10MentionRender } from './ver-10-mention-render.ts';
import { ver11Membership } from './ver-11-membership.ts';
import { ver12AvatarGate } from './ver-12-avatar-gate.ts';
import { ver13MentionWrites } from './ver-13-mention-writes.ts';
import { ver14SubscriptionVersion } from './ver-14-subscription-version.ts';
import { ver15Cursor } from './ver-15-cursor.ts';

/**
 * Every conformance check, in the order they run and report: versioning, OAuth and tokens,
 * subscriptions, ephemeral messages, then deliveries. Background checks (long waits) start first
 * and run alongside the others.
 */
export const CHECKS: readonly Check[] = [
  ver02VersionResolution,
  ver03VersionHeader,
  ver04UnsupportedVersion,
  ver05Lifecycle,
  ver12AvatarGate,
  ver13MentionWrites,
  ver15Cursor,
  auth01MissingCredential,
  auth02TokenErrors,
  auth03TokenGrants,
  auth04ClientAuthentication,
  auth05AuthorizeRedirect,
  auth05CodeSingleUse,
  auth06Pkce,
  auth07TokenResponse,
  auth08Refresh,
  auth09Revocation,
  auth10Metadata,
  auth11PersonalTokens,
  auth13Scopes,
  sub01V0Subscribe,
  sub02Upsert,
  sub03UrlRules,
  sub05Unsubscribe,
  sub06V0OrganizationOnly,
  sub07V1List,
  sub08ListScope,
  sub09V1Filter,
  eph01Post,
  eph02InvalidParameters,
  eph03TooLong,
  eph04ErrorTable,
  eph05NeverStored,
  eph06SenderId,
  health0304Pause,
  dlv08Timeout,
  dlv01Post,
  dlv02Headers,
  dlv03Signature,
  dlv04WebhookId,
  dlv05RetryHeaders,
  dlv06Attempts,
  dlv07Waits,
  dlv09AfterLastAttempt,
  dlv10Order,
  dlv11ReactionDebounce,
  dlv12PayloadShapes,
  sub10V0Codes,
  ver08PayloadShape,
  ver10MentionRender,
  ver11Membership,
  ver14SubscriptionVersion,
  health0102Streak,
];
