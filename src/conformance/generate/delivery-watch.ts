import { setTimeout as sleep } from 'node:timers/promises';
import type { Diagnostic } from '../../diagnostic.js';
import type { OpenApiDocument } from '../../documents.js';
import { deliveryFindings } from '../delivery-findings.js';
import type { Profile } from '../profile.js';
import { type Hook, startReceiver } from '../receiver.js';
import { sendCase } from './send-case.js';

/** How long deliveries the last generated requests set off have to arrive. */
const SETTLE_MS = 500;

/** Hooks subscribed to every event while the generated requests run, and what they received. */
export interface DeliveryWatch {
  /** Stops watching: each delivery received, held to its payload contract (DLV-12, VER-08). */
  close(): Promise<{ received: number; findings: Diagnostic[] }>;
}

/**
 * Subscribes a hook of the suite's receiver to each event of the version's document, at that
 * version, so every event the generated traffic sets off is delivered and checked like the
 * hand-written checks' deliveries. Undefined when the profile refuses loopback destinations or has
 * no credential that may subscribe.
 */
export async function watchDeliveries(
  profile: Profile,
  version: string,
  document: OpenApiDocument,
): Promise<DeliveryWatch | undefined> {
  const writer = profile.credentials.find(
    (c) => !c.revoked && c.access === 'organization' && c.scopes.includes('webhook:write'),
  );
  if (profile.localDestinations === false || !writer) return undefined;
  const receiver = await startReceiver();
  const headers = {
    authorization: `Bearer ${writer.token}`,
    'service-version': version,
    'content-type': 'application/json',
  };
  const post = (path: string, json: unknown) =>
    sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'POST',
      path,
      headers,
      body: JSON.stringify(json),
    });
  const watched: Array<{ event: string; hook: Hook; id: string }> = [];
  for (const event of Object.keys(document.webhooks ?? {})) {
    const hook = receiver.hook(() => ({ status: 204 }));
    const answer = await post('/v1/webhook.subscribe', {
      event,
      url: hook.url,
      apiVersion: version,
    });
    if (answer.status === 200 && typeof answer.body?.id === 'string')
      watched.push({ event, hook, id: answer.body.id });
  }
  return {
    async close() {
      await sleep(SETTLE_MS);
      const findings: Diagnostic[] = [];
      for (const { event, hook, id } of watched) {
        findings.push(...deliveryFindings({ event, version }, hook));
        await post('/v1/webhook.unsubscribe', { id });
      }
      await receiver.close();
      const received = watched.reduce((n, w) => n + w.hook.received.length, 0);
      return { received, findings };
    },
  };
}
