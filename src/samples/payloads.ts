import { randomUUID } from 'node:crypto';
import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';
import { mentionGrammar } from './mention-grammar.js';
import { toVersion } from '../version-changes/apply.js';
import { MENTION_TEXT, V0_PAYLOADS, V1_DATA } from './sample-payloads.js';

/** The events a receiver of `version` is sent, in the order the documents list them. */
export function eventsOf(version: WebhookVersion): string[] {
  return Object.keys(version === 'v0' ? V0_PAYLOADS : V1_DATA);
}

/**
 * A fresh copy of the payload of `event` as a subscription of `version` receives it: v0 and the v1
 * baseline bare, later versions enveloped with `apiVersion` equal to the version (VER-08, VER-14),
 * message text with its mentions in the version's grammar (VER-10).
 * A copy, so a check may add to it.
 */
export function payloadOf(version: WebhookVersion, event: string): Record<string, unknown> {
  const samples = version === 'v0' ? V0_PAYLOADS : V1_DATA;
  // Event names are the suite's own, but looked up as own members all the same.
  const sample = Object.hasOwn(samples, event) ? samples[event]! : {};
  const data = structuredClone(sample);
  // VER-10: message text reads in the grammar the version's document records for the event.
  const grammar = mentionGrammar(version, event);
  if (grammar && typeof data.text === 'string') data.text = MENTION_TEXT[grammar];
  // The shape changes the registry declares (openapi/versions.yaml, `instructions`).
  const shaped = toVersion({ webhook: event }, version, data);
  if (!isEnveloped(version)) return shaped;
  return {
    type: event,
    eventId: `evt_${randomUUID()}`,
    timestamp: new Date().toISOString(),
    apiVersion: version,
    data: shaped,
  };
}
