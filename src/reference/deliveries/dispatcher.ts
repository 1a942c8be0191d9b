import { setMaxListeners } from 'node:events';
import { type TimeScale, scaledMs, timeScales } from '../../time-scale.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store.js';
import type { AppDeliverySettings } from './app-delivery-settings.js';
import type { DeliveryClientOptions } from './attempt.js';
import { createDebouncer } from './debounce.js';
import { debounceKey } from './debounce-key.js';
import { type DeliveryParts, type DeliveryReport, createDelivery } from './delivery.js';
import { createEventIdentities } from './event-identities.js';
import { createHealthRecorder } from './health.js';
import { DELIVERY_POLICY, type DeliveryPolicy } from './policy.js';
import { type Audience, createRouter } from './router.js';
import { type Sender, createSender } from './sender.js';
import type { ServiceEvent } from './service-event.js';
import { createSigningKeys } from './signing-keys.js';

export interface DispatcherOptions {
  store: Store;
  clock: Clock;
  apps: Record<string, AppDeliverySettings>;
  /**
   * Divides waits, the reaction debounce and the fail-streak window, together or each; 1 is real
   * time.
   */
  timeScale?: TimeScale;
  /** Where deliveries may go (SUB-03): public HTTPS only unless `allowLocal`; how names resolve. */
  destinations?: DeliveryClientOptions;
  /** The attempts, waits and windows; the specification's (`DELIVERY_POLICY`) by default. */
  policy?: DeliveryPolicy;
  /** Who hears a chat event (VER-11); `hearsChatEvent` by default. */
  audience?: Audience;
  /**
   * How attempts are sent; undici through `destinations` by default, bounded by the policy's answer
   * window.
   */
  sender?: Sender;
  /** Which changes are coalesced together (DLV-11): per message, `debounceKey`, by default. */
  debounceKey?: (event: ServiceEvent) => string | undefined;
}

export interface Emitted {
  /** Subscriptions the event goes to now; 0 while a debounced event waits. */
  deliveries: number;
  debounced: boolean;
  /** Settles when every delivery of the event has ended. */
  settled: Promise<DeliveryReport[]>;
}

/**
 * Sends events to the subscriptions that want them (router.ts), each delivery attempted and
 * retried (delivery.ts) with its subscription's health kept in the store (health.ts), reaction
 * changes coalesced first (DLV-01..11, HEALTH-01..04).
 */
export function createDispatcher(options: DispatcherOptions) {
  const { clock, policy = DELIVERY_POLICY, debounceKey: keyOf = debounceKey } = options;
  const scales = timeScales(options.timeScale);
  const sender =
    options.sender ?? createSender(options.destinations ?? {}, clock, policy.attemptTimeout);
  const closing = new AbortController();
  // Every retry waiting out its wait listens on this signal until the wait ends (delivery.ts), so
  // busy servers hold many listeners at once by design: Node's leak warning at 10 would be noise.
  setMaxListeners(0, closing.signal);
  const dispatch = createDispatch(options, policy, sender, closing.signal);
  const debouncer = createDebouncer(
    scaledMs(policy.reactionDebounce, scales.debounce),
    async ({ app, event }: { app: string; event: ServiceEvent }) =>
      (await dispatch(app, event)).settled,
  );
  return {
    /** Where this dispatcher may deliver (SUB-03): subscribe holds new URLs to the same policy. */
    destinations: sender.destinations,
    /**
     * Sends an event of `app` to its subscriptions; coalesces reaction changes of one message
     * first.
     */
    async emit(app: string, event: ServiceEvent): Promise<Emitted> {
      const message = keyOf(event);
      if (message === undefined) return dispatch(app, event);
      const settled = debouncer.push(`${app} ${message}`, { app, event });
      return { deliveries: 0, debounced: true, settled: settled.then((r) => r ?? []) };
    },
    /**
     * Stops waiting retries and debounced events; attempts in flight finish, then connections
     * close.
     */
    close(): void {
      closing.abort();
      debouncer.cancel();
      sender.close();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** Sends one event now: to every route, under one identity (DLV-04's `eventId`). */
function createDispatch(
  options: DispatcherOptions,
  policy: DeliveryPolicy,
  sender: Sender,
  closing: AbortSignal,
) {
  const route = createRouter(options.store, options.apps, options.audience);
  const identity = createEventIdentities(options.clock);
  const deliver = createDelivery(deliveryParts(options, policy, sender, closing));
  return async (app: string, event: ServiceEvent): Promise<Emitted> => {
    const id = identity();
    // A plain loop: this runs once per event, and closures cost here (see npm run bench).
    const deliveries: Array<Promise<DeliveryReport>> = [];
    for (const r of await route(app, event)) deliveries.push(deliver(app, r, event, id));
    const settled = Promise.all(deliveries);
    // Most emitters never wait for the deliveries: a failure is theirs to see if they do, and is
    // not an unhandled rejection of the server's if they do not.
    settled.catch(() => {});
    return { deliveries: deliveries.length, debounced: false, settled };
  };
}

function deliveryParts(
  { store, clock, apps, timeScale }: DispatcherOptions,
  policy: DeliveryPolicy,
  sender: Sender,
  closing: AbortSignal,
): DeliveryParts {
  const scales = timeScales(timeScale);
  const streakMs = scaledMs(policy.pauseAfterStreak, scales.failStreak);
  return {
    clock,
    policy,
    sender,
    health: createHealthRecorder(store, clock, streakMs),
    signingKey: createSigningKeys(apps),
    retryScale: scales.retries,
    closing,
  };
}
