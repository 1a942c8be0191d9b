import { parseSecret } from '../../webhooks/secret.js';
import type { AppDeliverySettings } from './app-delivery-settings.js';

/**
 * AUTH-12: each app's signing key, decoded from its `whsec_` secret when first needed, then kept.
 */
export function createSigningKeys(
  apps: Record<string, AppDeliverySettings>,
): (app: string) => Buffer {
  const keys = new Map<string, Buffer>();
  return (app) => {
    const known = keys.get(app);
    if (known) return known;
    const parsed = parseSecret(apps[app]!.signingSecret);
    if ('problem' in parsed) throw new TypeError(`app ${app}: ${parsed.problem}`);
    keys.set(app, parsed.key);
    return parsed.key;
  };
}
