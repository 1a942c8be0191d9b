import type { Diagnostic } from '../diagnostic.js';
import { parseWebhook } from '../webhooks/parse.js';
import type { WebhookVersion } from '../webhooks/versions.js';
import { mentionFindings } from './mention-findings.js';
import { type Override, applyOverride } from './override.js';
import { samplePayload } from './sample-payload.js';

/** A payload of the user's own (`--data`): the file's text as written, and that text parsed. */
export interface OwnPayload {
  text: string;
  payload: unknown;
}

export interface PayloadRequest {
  event: string;
  version: WebhookVersion;
  /** A payload of the user's own, in place of the contract's example. */
  data?: OwnPayload;
  overrides: readonly Override[];
}

/** What `trigger` sends: the payload, and the exact body where it is not the payload as JSON. */
export interface TriggerPayload {
  payload: unknown;
  /** The user's text, sent byte for byte; absent when the payload is sent re-serialized. */
  body?: string;
  /** What the contract finds wrong with the payload, mention grammar included; empty when valid. */
  diagnostics: Diagnostic[];
}

/**
 * The payload `trigger` sends, or why there is none to send: no example, an override that names no
 * field. The user's own payload is validated on a parsed copy and sent as written (indentation, key
 * order, escapes, trailing newline), since a receiver verifies the signature over the raw bytes
 * (DLV-03) and must cope with any JSON spelling; an override changes the payload, so it is then
 * sent re-serialized.
 */
export function triggerPayload(request: PayloadRequest): TriggerPayload | { problem: string } {
  const base =
    request.data === undefined
      ? samplePayload(request.event, request.version)
      : { payload: structuredClone(request.data.payload) };
  if ('problem' in base) return base;
  for (const override of request.overrides) {
    const problem = applyOverride(base.payload, override, request);
    if (problem) return { problem };
  }
  const parsed = parseWebhook({
    version: request.version,
    event: request.event,
    body: base.payload,
  });
  // VER-10: the service renders mentions in the version's grammar; listen refuses the other one.
  const diagnostics = [
    ...(parsed.ok ? [] : parsed.diagnostics),
    ...mentionFindings(request.version, request.event, base.payload),
  ];
  const asWritten = request.overrides.length === 0 ? request.data?.text : undefined;
  return {
    payload: base.payload,
    ...(asWritten !== undefined && { body: asWritten }),
    diagnostics,
  };
}
