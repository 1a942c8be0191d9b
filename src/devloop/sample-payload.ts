import { eventsOf, payloadOf } from '../samples/payloads.js';
import type { WebhookVersion } from '../webhooks/versions.js';

/** A payload to send, or why there is none. */
export type Sample = { payload: unknown } | { problem: string };

/**
 * The sample of `event` at `version` that the receiver suite also sends (src/samples/, taken from
 * the contract's examples and held valid at every version by a test): bare for v0 and the v1
 * baseline, enveloped with a fresh `eventId` and `apiVersion` equal to `version` after it (VER-08,
 * VER-14). The caller validates the result.
 */
export function samplePayload(event: string, version: WebhookVersion): Sample {
  if (!eventsOf(version).includes(event))
    return { problem: `the contract has no example of ${event} (${version})` };
  return { payload: payloadOf(version, event) };
}
