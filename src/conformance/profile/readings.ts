import { gateVersion } from '../../versions.js';

/**
 * A reading: where the specification implies a rule rather than stating it, the one this suite
 * judges by, recorded under its id in docs/REQUIREMENTS.md ("Readings"). A finding that rests on a
 * reading is a warning, unless the profile opts into the reading (`readings`), which makes it an
 * error like any stated rule's.
 */
export interface Reading {
  requirement: string;
  /** The reading, in one sentence, as docs/REQUIREMENTS.md records it. */
  text: string;
}

/** Every reading a check may rest on, by id; a test holds each one recorded in the requirements. */
export const READINGS: ReadonlyMap<string, Reading> = new Map([
  [
    'VER-11.before-membership',
    {
      requirement: 'VER-11',
      text: `Before ${gateVersion('membership')} an organization app hears a channel message when, and only when, it mentions the app, whether or not the app is a member ("\`{mention: true}\` restores mention-only").`,
    },
  ],
  [
    'VER-11.mention-outside-membership',
    {
      requirement: 'VER-11',
      text: `From ${gateVersion('membership')} a message mentioning the app in a channel it is not a member of reaches a subscription filtered \`{mention: true}\`, and not one without a filter.`,
    },
  ],
  [
    'VER-08.event-id',
    {
      requirement: 'VER-08',
      text: "The envelope's `eventId` identifies the event: every attempt of a delivery carries the same one, and two events never share one (one event may carry one to every subscription, or one per subscription).",
    },
  ],
  [
    'DLV-06.redirect-fails-at-once',
    {
      requirement: 'DLV-06',
      text: 'A 3xx answer fails the attempt at once: the redirect is neither followed nor retried.',
    },
  ],
  [
    'SUB-03.local-plain-http',
    {
      requirement: 'SUB-03',
      text: 'A local environment accepts plain HTTP only to loopback and private hosts; plain HTTP to a public host is refused there too.',
    },
  ],
  [
    'SUB-09.invalid-parameter',
    {
      requirement: 'SUB-09',
      text: 'A rejected v1 filter is answered 400 `invalid_parameter`, as other bad parameters are.',
    },
  ],
  [
    'VER-13.ephemeral-mentions',
    {
      requirement: 'VER-13',
      text: 'postEphemeral takes text with mentions in either grammar, `|label` suffixes and `<@all>`, at every version, as chat post does.',
    },
  ],
  [
    'SUB-09.outside-values',
    {
      requirement: 'SUB-09',
      text: "A v1 filter value outside its field's listed values (`chatType` other than `dm` or `group`, `hasVideo` other than `true`) is rejected.",
    },
  ],
  [
    'AUTH-02.code-by-cause',
    {
      requirement: 'AUTH-02',
      text: 'A call without a credential is answered 401 `not_authed`, one with an unknown or expired credential 401 `invalid_token`.',
    },
  ],
  [
    'VER-12.legacy-avatar-host',
    {
      requirement: 'VER-12',
      text: 'A legacy `/card-images/` or `/photos/people/` avatar URL is service-hosted when it is on the API host (`baseUrl`), unless the profile names the avatar hosts.',
    },
  ],
  [
    'AUTH-05.single-use-code',
    {
      requirement: 'AUTH-05',
      text: 'An authorization code is exchanged once; a second exchange is refused (RFC 6749 §4.1.2).',
    },
  ],
  [
    'AUTH.oauth-error-codes',
    {
      requirement: 'AUTH-03',
      text: 'OAuth refusals carry the RFC 6749 codes (`invalid_request`, `invalid_client`, `invalid_grant`, `invalid_scope`, `unsupported_grant_type`, `unsupported_response_type`) and statuses: 400, or 401 for a failed client authentication by the Authorization header (400 or 401 when the secret came in the body).',
    },
  ],
  [
    'AUTH-08.refresh-scope',
    {
      requirement: 'AUTH-08',
      text: "A refresh gets exactly the scopes it asks for: the grant's own when it asks for none, the subset asked when it narrows.",
    },
  ],
  [
    'AUTH-10.rfc8414-fields',
    {
      requirement: 'AUTH-10',
      text: 'The authorization-server metadata has the RFC 8414 fields: `issuer` (the auth URL), both endpoints, `response_types_supported: [code]`, the two grants, `code_challenge_methods_supported: [S256]` and `token_endpoint_auth_methods_supported`.',
    },
  ],
]);

/** Whether a finding resting on `reading` fails the run: only where the profile opted into it. */
export function readingFails(reading: string, optedIn: readonly string[] | undefined): boolean {
  return optedIn?.includes(reading) === true;
}
