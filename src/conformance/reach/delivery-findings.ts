import type { Diagnostic } from '../../diagnostic.js';
import { parseWebhook } from '../../webhooks/parse.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import type { Hook } from '../callback/receiver.js';
import { payloadShapeDiagnostics as declaredShapes } from '../../version-changes/payload-diagnostics.js';

/** What one hook subscribed to: the event, and the version its deliveries come in (VER-14). */
export interface Subscribed {
  event: string;
  /** `v0`, or the subscription's dated version. */
  version: string;
}

/**
 * What is wrong with the payloads a hook received: each held to its version's schema of the event
 * the hook subscribed to (DLV-12; bare or enveloped by version, VER-08), an envelope's `type`
 * naming that event (VER-08), its fields in the form the version's declared shape changes give
 * them (openapi/versions.yaml, `instructions`). One finding per distinct problem, however many attempts showed it.
 * Headers are not judged here: the checks of their rules do that.
 */
export function deliveryFindings({ event, version }: Subscribed, hook: Hook): Diagnostic[] {
  const seen = new Map<string, { diagnostic: Diagnostic; attempts: number[] }>();
  for (const [index, received] of hook.received.entries()) {
    const parsed = parseWebhook({ version: version as WebhookVersion, event, body: received.body });
    const found = parsed.ok
      ? declaredShapes(version as WebhookVersion, event, parsed.payload)
      : parsed.diagnostics;
    for (const diagnostic of found) {
      const key = `${diagnostic.rule} ${diagnostic.location} ${diagnostic.message}`;
      const entry = seen.get(key) ?? { diagnostic, attempts: [] };
      entry.attempts.push(index + 1);
      seen.set(key, entry);
    }
  }
  return [...seen.values()].map(({ diagnostic, attempts }) => ({
    ...diagnostic,
    message: `${event} delivery ${attempts.join(', ')} breaks the ${version} payload contract: ${diagnostic.message}`,
  }));
}
