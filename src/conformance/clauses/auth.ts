// clauses/: the clause map, one file per family of requirements, joined in clauses/index.ts.
import type { Clause } from './clause.js';
import { OAUTH_CLAUSES } from './oauth.js';

/** The clauses of the authentication and credential rules (AUTH). OAuth endpoints are unversioned. */
export const AUTH_CLAUSES: readonly Clause[] = [
  {
    id: 'AUTH-01.missing-credential-401',
    text: 'Authentication failures carry a machine-readable code on 401',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-01-missing-credential'],
  },
  {
    id: 'AUTH-01.not-authed',
    text: 'A call without a credential is answered 401 `not_authed`',
    versions: 'all',
    basis: 'AUTH-02.code-by-cause',
    checks: ['auth-01-missing-credential'],
    faults: ['no-credential-called-invalid'],
  },
  {
    id: 'AUTH-01.every-operation',
    text: 'Every API call sends `Authorization: Bearer <ACCESS_TOKEN>`.',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-01-missing-credential'],
    faults: ['post-without-credential-is-403'],
  },
  {
    id: 'AUTH-02.unknown-token-401',
    text: '401 codes: `not_authed`, `invalid_token` (worth a refresh for OAuth apps), `token_revoked`',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-02-token-errors'],
    faults: ['unknown-token-is-403'],
  },
  {
    id: 'AUTH-02.unknown-token-invalid-token',
    text: 'one with an unknown or expired credential 401 `invalid_token`',
    versions: 'all',
    basis: 'AUTH-02.code-by-cause',
    checks: ['auth-02-token-errors'],
  },
  {
    id: 'AUTH-02.expired-token',
    text: '`invalid_token` (worth a refresh for OAuth apps)',
    versions: 'all',
    basis: 'AUTH-02.code-by-cause',
    unjudged: {
      kind: 'not-sent',
      reason:
        "no check waits out an access token's 604800 s, nor has an expired one in the profile",
    },
  },
  {
    id: 'AUTH-02.revoked-token',
    text: 'a revoked grant yields `token_revoked` on use and is terminal',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-02-token-errors'],
  },
  ...OAUTH_CLAUSES,
  {
    id: 'AUTH-11.posts-as-the-owner',
    text: 'The organization bot or personal-token owner must be a member of the chat',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-11-personal-tokens'],
    faults: ['personal-tokens-act-as-the-app'],
  },
  {
    id: 'AUTH-11.sender-refused',
    text: '`access_mode_not_supported` (personal token sent `sender`)',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-11-personal-tokens'],
    faults: ['personal-sender-taken'],
  },
  {
    id: 'AUTH-11.organization-only-refused',
    text: 'Personal access tokens: always the Personal model',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-11-personal-tokens'],
    faults: ['personal-tokens-act-as-the-app'],
  },
  {
    id: 'AUTH-11.allowlist',
    text: 'accepted only on endpoints in the personal-access allowlist. The allowlist itself: not shown.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'the allowlist is not shown, and the profile does not declare it',
    },
  },
  {
    id: 'AUTH-11.scope-groups',
    text: 'created with scope groups (for example `pat:chat:write`) that expand to concrete scopes',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason: 'personal tokens are created in the product UI, outside the contract',
    },
  },
  {
    id: 'AUTH-12.whsec-prefix',
    text: 'with prefix `whsec_`',
    versions: 'all',
    basis: 'stated',
    checks: ['dlv-03-signature'],
  },
  {
    id: 'AUTH-12.distinct-from-client-secret',
    text: 'distinct from the OAuth client secret',
    versions: 'all',
    basis: 'stated',
    checks: ['dlv-03-signature'],
  },
  {
    id: 'AUTH-12.secret-of-the-app',
    text: 'every API key, OAuth app and personal access token app receives one secret per app',
    versions: 'all',
    basis: 'stated',
    checks: ['dlv-03-signature'],
    receiverChecks: ['dlv-03-wrong-secret', 'dlv-03-secret-rotation'],
  },
  {
    id: 'AUTH-12.personal-token-app',
    text: 'every API key, OAuth app and personal access token app receives one secret per app',
    versions: 'all',
    basis: 'stated',
    // Only where the profile has a personal token with webhook:write (the reference's has none).
    checks: ['dlv-03-signature-by-app'],
  },
  {
    id: 'AUTH-12.shared-by-installs',
    text: 'one secret per app (shared by all installs)',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'the profile does not say which credentials are installs of one app in two workspaces: no two installs are compared',
    },
  },
  {
    id: 'AUTH-13.list-needs-read',
    text: 'v1 list | 401 | invalid credentials or missing `webhook:read`',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-13-scopes'],
  },
  {
    id: 'AUTH-13.post-needs-chat-scope',
    text: 'postEphemeral | 403 | missing scope',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-13-scopes'],
    faults: ['chat-scope-for-everyone'],
  },
  {
    id: 'AUTH-13.either-chat-scope',
    text: 'Scope: `chat:send_message` or `chat:write`.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'the checks post with the first credential holding chat:write, else chat:send_message: that each one alone suffices is not sent where the profile has both',
    },
  },
  {
    id: 'AUTH-13.v1-subscribe-needs-write',
    text: 'Scope: `webhook:write`.',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-13-scopes'],
  },
  {
    id: 'AUTH-13.v1-unsubscribe-needs-write',
    text: 'Scope: `webhook:write`.',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-13-scopes'],
    faults: ['v1-unsubscribe-done-then-refused'],
  },
  {
    id: 'AUTH-13.refused-subscribe-made-nothing',
    text: 'Scope: `webhook:write`.',
    versions: 'all',
    basis: 'stated',
    checks: ['auth-13-scopes'],
    faults: ['subscribe-without-write-refused-but-made'],
  },
];
