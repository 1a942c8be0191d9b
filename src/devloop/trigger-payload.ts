import type { Diagnostic } from '../diagnostic.js';
import { parseWebhook } from '../webhooks/parse.js';
import type { WebhookVersion } from '../webhooks/versions.js';
import { type Override, applyOverride } from './override.js';
import { samplePayload } from './sample-payload.js';

export interface PayloadRequest {
  event: string;
  version: WebhookVersion;
  /** A payload of the user's own (`--data`), in place of the contract's example. */
  data?: unknown;
  overrides: readonly Override[];
}

/**
 * The payload `trigger` sends, with what the contract finds wrong with it (empty when it is valid),
 * or why there is none to send: no example, an override that names no field.
 */
export function triggerPayload(
  request: PayloadRequest,
): { payload: unknown; diagnostics: Diagnostic[] } | { problem: string } {
  const base =
    request.data === undefined
      ? samplePayload(request.event, request.version)
      : { payload: structuredClone(request.data) };
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
  return { payload: base.payload, diagnostics: parsed.ok ? [] : parsed.diagnostics };
}
