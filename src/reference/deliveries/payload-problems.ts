import { webhookValidators } from '../../webhooks/validators.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import { renderPayload } from './render.js';
import type { ServiceEvent } from './service-event.js';

/**
 * What is wrong with an event before it is sent: an unknown name, or a payload that some version
 * it may be delivered in would not accept. The server never sends what its own contract rejects.
 */
export function payloadProblems(event: ServiceEvent, versions: readonly string[]): string[] {
  const targets: WebhookVersion[] =
    event.generation === 'v0' ? ['v0'] : (versions as WebhookVersion[]);
  const problems: string[] = [];
  for (const version of targets) {
    // The event name comes from the trigger's caller: `constructor` or `__proto__` is no event, not
    // a member of Object.prototype to call as a validator.
    const validators = webhookValidators(version);
    const validate =
      validators && Object.hasOwn(validators, event.type) ? validators[event.type] : undefined;
    if (!validate) return [`${event.generation} has no event "${event.type}"`];
    const payload = renderPayload(event, version, {
      eventId: 'evt_check',
      occurredAt: new Date(0).toISOString(),
    });
    if (validate(payload)) continue;
    for (const error of validate.errors ?? [])
      problems.push(`${version}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  }
  return problems;
}
