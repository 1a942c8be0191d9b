import type { WebhookVersion } from '../../webhooks/versions.js';
import type { DeliveryRoute, Store } from '../store.js';
import type { AppDeliverySettings } from './app-delivery-settings.js';
import { hearsChatEvent } from './audience.js';
import { matchesFilter } from './filter-match.js';
import type { ServiceEvent } from './service-event.js';

/** Whether a subscription of `version` with `filter` hears an event (VER-11): `hearsChatEvent`. */
export type Audience = (
  event: ServiceEvent,
  version: WebhookVersion,
  filter: Record<string, unknown> | null,
) => boolean;

/** One subscription an event goes to, and the version it is rendered in. */
export interface Route {
  subscription: DeliveryRoute;
  version: WebhookVersion;
}

/**
 * The subscriptions an event of an app goes to: the active ones of its generation and type whose
 * filter matches (SUB-01) and whose version's audience rule lets them hear it (VER-11), each with
 * the version it is delivered in (VER-14).
 */
export function createRouter(
  store: Pick<Store, 'activeSubscriptions'>,
  apps: Record<string, AppDeliverySettings>,
  audience: Audience = hearsChatEvent,
): (app: string, event: ServiceEvent) => Promise<Route[]> {
  return async (app, event) => {
    const routes: Route[] = [];
    // A plain loop: this runs once per event, and closures cost here (see npm run bench).
    for (const subscription of await store.activeSubscriptions(app, event.generation, event.type)) {
      if (!matchesFilter(subscription.filter, event)) continue;
      const version = deliveryVersion(subscription, apps[app]!.pin);
      if (audience(event, version, subscription.filter)) routes.push({ subscription, version });
    }
    return routes;
  };
}

/**
 * VER-14: the subscription's own version, else the app's default; v0 is outside the dated scheme.
 */
function deliveryVersion(subscription: DeliveryRoute, pin: string): WebhookVersion {
  if (subscription.generation === 'v0') return 'v0';
  return (subscription.apiVersion ?? pin) as WebhookVersion;
}
