import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type TimeScale, scaledMs, timeScales } from '../../time-scale.js';
import { parseSecret } from '../../webhooks/secret.js';
import { signature } from '../../webhooks/sign.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import type { Clock } from '../clock.js';
import type { DeliveryRoute, Store } from '../store.js';
import {
  type AttemptOutcome,
  type DeliveryClientOptions,
  createDeliveryClient,
  sendAttempt,
} from './attempt.js';
import { hearsChatEvent } from './audience.js';
import { createDebouncer } from './debounce.js';
import { matchesFilter } from './filter-match.js';
import { DELIVERY_POLICY as POLICY, type DeliveryPolicy } from './policy.js';
import type { FaultHooks } from '../fault-hooks.js';
import { type EventIdentity, renderPayload } from './render.js';
import type { ServiceEvent } from './service-event.js';

/** What the dispatcher needs to know about an app: how it signs and which version it defaults to. */
export interface AppDeliverySettings {
  /** AUTH-12: one `whsec_` secret per app. */
  signingSecret: string;
  /** The version a subscription without its own `apiVersion` delivers in (VER-14). */
  pin: string;
}

export interface DispatcherOptions {
  store: Store;
  clock: Clock;
  apps: Record<string, AppDeliverySettings>;
  /** Divides waits, the reaction debounce and the fail-streak window, together or each; 1 is real time. */
  timeScale?: TimeScale;
  /** Departures from the spec, for tests that prove checks can fail; none by default. */
  faults?: FaultHooks;
  /** Where deliveries may go (SUB-03): public HTTPS only unless `allowLocal`; how names resolve. */
  destinations?: DeliveryClientOptions;
}

/** How one delivery ended: acknowledged, failed (health updated), or cancelled by shutdown. */
export interface DeliveryReport {
  subscriptionId: string;
  webhookId: string;
  attempts: number;
  outcome: 'acknowledged' | 'failed' | 'cancelled';
  /** Why a failed delivery was not sent: the destination policy's reason. */
  problem?: string;
}

export interface Emitted {
  /** Subscriptions the event goes to now; 0 while a debounced event waits. */
  deliveries: number;
  debounced: boolean;
  /** Settles when every delivery of the event has ended. */
  settled: Promise<DeliveryReport[]>;
}

/** DLV-11: the events whose changes are coalesced per message. */
const DEBOUNCED = new Set(['v0 chat:message:reaction', 'v1 chat.reaction']);

/**
 * Sends events to the subscriptions that want them: rendered by each subscription's version,
 * signed per Standard Webhooks, retried per SPEC.md's policy, with the subscription's health kept
 * in the store (DLV-01..11, HEALTH-01..04). Retries live in memory, as the spec says they may.
 */
export function createDispatcher({
  store,
  clock,
  apps,
  timeScale = 1,
  faults = {},
  destinations = {},
}: DispatcherOptions) {
  const DELIVERY_POLICY: DeliveryPolicy = { ...POLICY, ...faults.policy };
  const client = createDeliveryClient(destinations);
  const scales = timeScales(timeScale);
  const closing = new AbortController();
  const keys = new Map<string, Buffer>();
  const keyOf = (app: string) => {
    let key = keys.get(app);
    if (!key) {
      const parsed = parseSecret(apps[app]!.signingSecret);
      if ('problem' in parsed) throw new TypeError(`app ${app}: ${parsed.problem}`);
      key = parsed.key;
      keys.set(app, key);
    }
    return key;
  };
  /** VER-14: the subscription's own version, else the app's default. */
  const versionOf = (app: string, s: DeliveryRoute): WebhookVersion =>
    s.generation === 'v0' ? 'v0' : ((s.apiVersion ?? apps[app]!.pin) as WebhookVersion);
  // Events come many to a millisecond under load: format each millisecond once.
  let lastMs = -1;
  let lastIso = '';
  const nowIso = () => {
    const ms = Math.floor(clock.nowMicroseconds() / 1000);
    if (ms === lastMs) return lastIso;
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
    return lastIso;
  };

  async function dispatch(
    app: string,
    event: ServiceEvent,
  ): Promise<{ deliveries: number; settled: Promise<DeliveryReport[]> }> {
    const identity: EventIdentity = { eventId: `evt_${randomUUID()}`, occurredAt: nowIso() };
    // Plain loops: this runs once per event, and closures cost here (see npm run bench).
    const deliveries: Array<Promise<DeliveryReport>> = [];
    for (const s of await store.activeSubscriptions(app, event.generation, event.type)) {
      if (!matchesFilter(s.filter, event)) continue;
      const version = versionOf(app, s);
      const heard = hearsChatEvent(event, version, s.filter);
      if (faults.hears ? faults.hears(heard, event, version) : heard)
        deliveries.push(deliver(app, s, event, identity));
    }
    return { deliveries: deliveries.length, settled: Promise.all(deliveries) };
  }

  async function deliver(
    app: string,
    subscription: DeliveryRoute,
    event: ServiceEvent,
    identity: EventIdentity,
  ): Promise<DeliveryReport> {
    const version = versionOf(app, subscription);
    const json = JSON.stringify(renderPayload(event, version, identity));
    // Encoded once: the signature and the request are over the same bytes.
    const body = Buffer.from(json);
    // DLV-04: one id per event and subscription, the same on every retry.
    const webhookId = `msg_${randomUUID()}`;
    let previous: AttemptOutcome | undefined;
    let attempt = 1;
    for (; attempt <= DELIVERY_POLICY.attempts; attempt += 1) {
      if (closing.signal.aborted)
        return {
          subscriptionId: subscription.id,
          webhookId,
          attempts: attempt - 1,
          outcome: 'cancelled',
        };
      const timestamp = clock.nowSeconds();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(keyOf(app), webhookId, timestamp, body),
      };
      // v0 is outside the dated scheme (VER-06): its deliveries name no version.
      if (version !== 'v0') headers['service-version'] = version;
      // DLV-05: only retries say which retry they are and why.
      if (previous?.kind === 'retryable') {
        headers['service-retry-num'] = String(attempt - 1);
        headers['service-retry-reason'] = previous.reason;
      }
      const sent = faults.attempt?.({ headers, body: json, number: attempt });
      const outcome = await sendAttempt(
        subscription.url,
        sent ? sent.body : body,
        sent ? sent.headers : headers,
        DELIVERY_POLICY.attemptTimeout * 1000,
        clock.nowMicroseconds() / 1000,
        client,
      );
      if (outcome.kind === 'acknowledged') {
        if (faults.recordSuccesses !== false)
          store.recordDeliverySuccess(subscription.id, Math.floor(clock.nowMicroseconds() / 1000));
        return {
          subscriptionId: subscription.id,
          webhookId,
          attempts: attempt,
          outcome: 'acknowledged',
        };
      }
      // A refused destination stays refused: retrying would only ask DNS again.
      if (outcome.kind === 'refused') {
        await recordFailure(subscription);
        return {
          subscriptionId: subscription.id,
          webhookId,
          attempts: attempt,
          outcome: 'failed',
          problem: outcome.problem,
        };
      }
      if (outcome.kind === 'rejected' || attempt === DELIVERY_POLICY.attempts) break;
      previous = outcome;
      // DLV-07: Retry-After replaces the policy's wait, capped at five minutes.
      const wait =
        outcome.retryAfter === undefined
          ? DELIVERY_POLICY.retryWaits[attempt - 1]!
          : Math.min(outcome.retryAfter, DELIVERY_POLICY.retryAfterCap);
      try {
        await sleep(scaledMs(wait, scales.retries), undefined, { signal: closing.signal });
      } catch {
        return {
          subscriptionId: subscription.id,
          webhookId,
          attempts: attempt,
          outcome: 'cancelled',
        };
      }
    }
    // DLV-09: the event is dropped; the subscription stays, and its health records the failure.
    await recordFailure(subscription);
    return { subscriptionId: subscription.id, webhookId, attempts: attempt, outcome: 'failed' };
  }

  async function recordFailure(subscription: DeliveryRoute): Promise<void> {
    const now = clock.nowMicroseconds() / 1000;
    const pauseIfStreakSince = new Date(
      now - scaledMs(DELIVERY_POLICY.pauseAfterStreak, scales.failStreak),
    ).toISOString();
    if (faults.recordFailures !== false)
      await store.recordDeliveryFailure(
        subscription.id,
        new Date(Math.floor(now)).toISOString(),
        pauseIfStreakSince,
      );
  }

  const debouncer = createDebouncer(
    scaledMs(DELIVERY_POLICY.reactionDebounce, scales.debounce),
    async ({ app, event }: { app: string; event: ServiceEvent }) => {
      const { settled } = await dispatch(app, event);
      return settled;
    },
  );

  return {
    /** Where this dispatcher may deliver (SUB-03): subscribe holds new URLs to the same policy. */
    destinations: client.policy,
    /** Sends an event of `app` to its subscriptions; coalesces reaction changes of one message first. */
    async emit(app: string, event: ServiceEvent): Promise<Emitted> {
      const message = debounceKey(event);
      if (message !== undefined) {
        const settled = debouncer
          .push(`${app} ${message}`, { app, event })
          .then((reports) => reports ?? []);
        return { deliveries: 0, debounced: true, settled };
      }
      const { deliveries, settled } = await dispatch(app, event);
      return { deliveries, debounced: false, settled };
    },
    /** Stops waiting retries and debounced events; in-flight attempts finish. */
    close(): void {
      closing.abort();
      debouncer.cancel();
      // Attempts in flight finish; the connections close after them.
      client.agent.close().catch(() => undefined);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** The message a reaction event is about, or undefined for events that are not debounced. */
function debounceKey(event: ServiceEvent): string | undefined {
  if (!DEBOUNCED.has(`${event.generation} ${event.type}`)) return undefined;
  const { chat, messageId, messageTimestamp } = event.data;
  const message = messageId ?? messageTimestamp;
  return message === undefined
    ? undefined
    : `${event.generation} ${event.type} ${String(chat)}/${String(message)}`;
}
