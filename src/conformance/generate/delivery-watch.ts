import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Diagnostic } from '../../diagnostic.js';
import type { OpenApiDocument } from '../../documents.js';
import { sendTrigger } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { deliveryFindings } from '../reach/delivery-findings.js';
import { recordDeliveries } from '../run/exercised-log.js';
import { listReader, subscriptionsIn } from '../reach/find-subscription.js';
import type { Profile } from '../profile/profile.js';
import type { Callback } from '../callback/callback.js';
import { type Hook, startReceiver } from '../callback/receiver.js';
import { receiverUnreachable } from '../callback/receiver-reach.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { WaitCutShort } from '../timing/wait-cut-short.js';
import { listEntries } from './list-entries.js';
import { sendCase } from './send-case.js';

/** How long deliveries the last generated requests set off have to arrive. */
const SETTLE_MS = 500;
/** How long the event the suite sets off to show the watch live has to arrive. */
const LIVENESS_MS = 5_000;
/** The event the suite sets off itself, where the profile has a trigger: every delivery check's. */
const LIVENESS_EVENT = 'meeting.ended';
/** The state the checks that hear every delivery of that event hold (Check.exclusive). */
export const LIVENESS_STATE = `v1 ${LIVENESS_EVENT}`;

/** What the watch saw, once closed. */
export interface WatchOutcome {
  /** Deliveries received in all; `fromTraffic` of them before the suite set off its own event. */
  received: number;
  fromTraffic: number;
  /** Each delivery held to its payload contract (DLV-12, VER-08). */
  findings: Diagnostic[];
  /**
   * Whether the event the suite set off arrived; undefined where it could set none off, or where
   * the suite's own stalls cut the wait for it short (`liveUnjudged` says so).
   */
  live?: boolean;
  liveUnjudged?: string;
}

/** Hooks subscribed to every event while the generated requests run. */
export interface DeliveryWatch {
  close(): Promise<WatchOutcome>;
}

type Watched = { event: string; hook: Hook; id: string };

/**
 * Subscribes a hook of the suite's receiver to each event of the version's document, at that
 * version, so every event the generated traffic sets off is delivered and checked like the
 * hand-written checks' deliveries. The subscriptions are found in the list by event and url (the
 * v1 subscribe answer is not shown, SUB-07). Or why nothing can be watched.
 */
export async function watchDeliveries(
  profile: Profile,
  version: string,
  document: OpenApiDocument,
  callback: Callback = {},
  { showsLive = true }: { showsLive?: boolean } = {},
): Promise<DeliveryWatch | { unwatched: string }> {
  const writer = profile.credentials.find(
    (c) => !c.revoked && c.access === 'organization' && c.scopes.includes('webhook:write'),
  );
  const reader = writer && listReader(profile, writer.token);
  const unwatched = whyUnwatched(profile, callback, writer, reader);
  if (unwatched) return { unwatched };
  const receiver = await startReceiver(callback);
  const post = (path: string, json: unknown) =>
    sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'POST',
      path,
      headers: {
        authorization: `Bearer ${writer!.token}`,
        'service-version': version,
        'content-type': 'application/json',
      },
      body: JSON.stringify(json),
    });
  const subscribed: Array<{ event: string; hook: Hook }> = [];
  for (const event of Object.keys(document.webhooks ?? {})) {
    const hook = receiver.hook(() => ({ status: 204 }));
    const answer = await post('/v1/webhook.subscribe', {
      event,
      url: hook.url,
      apiVersion: version,
    });
    if (answer.status >= 200 && answer.status < 300) subscribed.push({ event, hook });
  }
  const read = await listEntries(profile, reader!, version);
  const entries = Array.isArray(read) ? read : [];
  const watched = subscribed.flatMap(({ event, hook }): Watched[] => {
    const id = subscriptionsIn(entries, { event, url: hook.url })[0]?.id;
    return typeof id === 'string' ? [{ event, hook, id }] : [];
  });
  if (watched.length === 0) {
    await receiver.close();
    return {
      unwatched: `no hook of the suite's receiver could be subscribed and found in GET /v1/webhook.list at ${version}`,
    };
  }
  return {
    async close() {
      await sleep(SETTLE_MS);
      const count = () => watched.reduce((n, w) => n + w.hook.received.length, 0);
      const fromTraffic = count();
      const live = showsLive ? await showLive(profile, watched) : {};
      const findings = watched.flatMap(({ event, hook }) =>
        deliveryFindings({ event, version }, hook),
      );
      for (const { event, hook } of watched)
        recordDeliveries({ event, version }, hook.received.length);
      for (const { id } of watched) await post('/v1/webhook.unsubscribe', { id });
      await receiver.close();
      return { received: count(), fromTraffic, findings, ...live };
    },
  };
}

function whyUnwatched(
  profile: Profile,
  callback: Callback,
  writer: Profile['credentials'][number] | undefined,
  reader: string | undefined,
): string | undefined {
  const unreachable = receiverUnreachable(profile, callback);
  if (unreachable) return unreachable;
  if (!writer)
    return 'the profile has no live organization credential with webhook:write to subscribe the receiver';
  if (!profile.implements.includes('v1 post /webhook.subscribe'))
    return 'v1 post /webhook.subscribe is not implemented';
  if (!profile.implements.includes('v1 get /webhook.list') || !reader)
    return "the receiver's subscriptions are found in GET /v1/webhook.list (the subscribe answer is not shown, SUB-07), which is not implemented or no credential of the app with webhook:read can read";
  return undefined;
}

/**
 * Sets off one event through the profile's trigger and waits for it: a watch that received nothing
 * from the generated requests has shown it could have. Neither `live` nor `liveUnjudged` without a
 * trigger or a hook of that event.
 */
async function showLive(
  profile: Profile,
  watched: Watched[],
): Promise<Pick<WatchOutcome, 'live' | 'liveUnjudged'>> {
  const hook = watched.find((w) => w.event === LIVENESS_EVENT)?.hook;
  if (!profile.eventTrigger || !hook) return {};
  const before = hook.received.length;
  const answer = await sendTrigger(profile.eventTrigger, {
    generation: 'v1',
    event: LIVENESS_EVENT,
    data: SAMPLE_EVENTS.meetingEnded(`generated-${randomUUID()}`),
  });
  if (!answer.ok) return { live: false };
  try {
    return { live: await until(() => hook.received.length > before, LIVENESS_MS) };
  } catch (error) {
    // A wait the suite's own stalls cut short shows nothing either way: it says why instead.
    if (error instanceof WaitCutShort) return { liveUnjudged: error.message };
    throw error;
  }
}
