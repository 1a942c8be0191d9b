import type { DatedVersion } from '../../generated/types/index.js';

/** A generation and version whose deliveries can be parsed: `v0`, or a dated v1 version. */
export type WebhookVersion = 'v0' | DatedVersion;

/** From this version on, v1 payloads are enveloped and carry their event in `type` (VER-08). */
export const ENVELOPE_SINCE = '2026-07-07';

/**
 * From this version on, message text renders groups as `<!subteam^uuid>` and broadcast as
 * `<!channel>` (VER-10).
 */
export const SUBTEAM_GRAMMAR_SINCE = '2026-08-07';

/** From this version on, chat membership decides what an organization app hears (VER-11). */
export const MEMBERSHIP_SINCE = '2026-08-20';

export function isEnveloped(version: WebhookVersion): boolean {
  return version !== 'v0' && version >= ENVELOPE_SINCE;
}
