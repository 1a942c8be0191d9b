import type { DatedVersion } from '../../generated/types/index.js';
import { gateVersion, since } from '../versions.js';

/** A generation and version whose deliveries can be parsed: `v0`, or a dated v1 version. */
export type WebhookVersion = 'v0' | DatedVersion;

/**
 * The version from which v1 payloads are enveloped and carry their event in `type` (VER-08): the
 * registry's `envelope` gate, read from it rather than written here.
 */
export const ENVELOPE_SINCE = gateVersion('envelope') as DatedVersion;

/** Whether deliveries of `version` are enveloped (VER-08); v0's never are. */
export function isEnveloped(version: WebhookVersion): boolean {
  return since(version, 'envelope');
}
