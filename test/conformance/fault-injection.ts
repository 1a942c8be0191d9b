import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { PassedRequest } from '../../src/http/front.ts';
import { MAX_BODY_BYTES } from '../../src/http/http-io.ts';
import { listen } from '../../src/http/listen.ts';
import { systemClock } from '../../src/reference/clock.ts';
import { hearsChatEvent } from '../../src/reference/deliveries/audience.ts';
import { type EphemeralHub, createEphemeralHub } from '../../src/reference/ephemeral-hub.ts';
import { type Dispatcher, createDispatcher } from '../../src/reference/deliveries/dispatcher.ts';
import type { AttemptOutcome } from '../../src/reference/deliveries/attempt.ts';
import { DELIVERY_POLICY, type DeliveryPolicy } from '../../src/reference/deliveries/policy.ts';
import type { Audience } from '../../src/reference/deliveries/router.ts';
import { type Sender, createSender } from '../../src/reference/deliveries/sender.ts';
import type { ServiceEvent } from '../../src/reference/deliveries/service-event.ts';
import {
  APP,
  type ReferenceToken,
  type Workspace,
  seedWorkspace,
} from '../../src/reference/fixtures.ts';
import type { Handler } from '../../src/reference/handlers/handler.ts';
import { HANDLERS } from '../../src/reference/handlers/index.ts';
import {
  type ReferenceTokenResolver,
  createTokenResolver,
} from '../../src/reference/resolve-token.ts';
import { createReferenceHandler } from '../../src/reference/server.ts';
import { seedStaticSubscriptions } from '../../src/reference/static-subscriptions.ts';
import { type Store, openStore } from '../../src/reference/store.ts';
import type { DeliveryRoute, SubscriptionRow } from '../../src/reference/store/subscription-row.ts';
import type { NewSubscription } from '../../src/reference/store/subscriptions.ts';
import { debounceKey } from '../../src/reference/deliveries/debounce-key.ts';
import { scaledMs, timeScales } from '../../src/time-scale.ts';
import type { TimeScale } from '../../src/time-scale.ts';
import { type VersionRegistry, loadVersionRegistry } from '../../src/versions.ts';
import { type WrittenAnswer, rewritingAnswers } from '../support/answer-rewriter.ts';

/** What an answer hook sees of the exchange: the request as the front passed it, if it did. */
export interface Exchange {
  method: string;
  /** The URL path, without the query. */
  path: string;
  request?: PassedRequest;
  /**
   * The request's body as it was sent, as text (its first MiB): there also when the front refused
   * the request, which then passed none.
   */
  sent: string;
  /** The request's headers as they were sent: there also when the front refused the request. */
  headers: IncomingMessage['headers'];
  /** Emits an event of the caller's app, as the service's own actions do. */
  emit(event: ServiceEvent): void;
  /**
   * Makes a subscription of the reference app in the store, as a handler would: issued before the
   * answer goes out, so a later request of the client sees it.
   */
  subscribe(subscription: Omit<NewSubscription, 'app' | 'dynamic'>): void;
}

/** One delivery attempt just before it is sent. */
export interface OutgoingAttempt {
  headers: Record<string, string>;
  body: string;
  /** 1 for the first attempt. */
  number: number;
  /** Where it goes: the subscription's URL, by which a fault tells whose subscription it is. */
  url: string;
}

/**
 * Where a fault makes the reference server depart from the spec. Each hook decorates one real
 * part of the server, and a part without a hook is the server's own.
 */
export interface FaultHooks {
  /** What a credential is, once resolved (decorates the token resolver). */
  credential?(token: ReferenceToken): ReferenceToken;
  /** The bearer the token resolver is asked about, in place of the one sent. */
  bearer?(sent: string): string;
  /** A request the front passed, before its handler sees it (decorates the handlers). */
  request?(request: PassedRequest): PassedRequest;
  /** An answer before it is written, the front's own included (decorates the HTTP handler). */
  answer?(answer: WrittenAnswer, exchange: Exchange): WrittenAnswer;
  /** The delivery policy, in part. */
  policy?: Partial<DeliveryPolicy>;
  /** A delivery attempt before it is sent (decorates the sender). */
  attempt?(attempt: OutgoingAttempt): OutgoingAttempt;
  /** What the sender made of an attempt's answer, before the delivery acts on it. */
  outcome?(outcome: AttemptOutcome, attempt: OutgoingAttempt): AttemptOutcome;
  /** A second request sent beside an attempt (another delivery of its event), or undefined. */
  duplicate?(attempt: OutgoingAttempt): OutgoingAttempt | undefined;
  /**
   * Whether a subscription of `version` with `filter` hears a chat event, given what the rules
   * decided.
   */
  hears?(
    heard: boolean,
    event: ServiceEvent,
    version: string,
    filter: Record<string, unknown> | null,
  ): boolean;
  /** Which reaction changes are coalesced together (decorates the dispatcher's debounce key). */
  debounceKey?(event: ServiceEvent, key: string | undefined): string | undefined;
  /**
   * The subscriptions an event goes to, given the active ones and every one of its kind with its
   * health, and how long a failure streak pauses one at this scale (decorates the store).
   */
  routes?(
    active: readonly DeliveryRoute[],
    all: readonly SubscriptionRow[],
    pauseAfterMs: number,
  ): readonly DeliveryRoute[];
  /** The versions the server and its profile start from (their lifecycle, VER-05). */
  registry?(registry: VersionRegistry): VersionRegistry;
  /** The seeded workspace the server and its profile start from (its secrets, its clients). */
  workspace?(workspace: Workspace): Workspace;
  /** The hub that pushes ephemeral messages to connected clients (decorates it). */
  hub?(hub: EphemeralHub): EphemeralHub;
  /**
   * Set to false to stop recording that outcome in the subscription's health (decorates the store).
   */
  recordFailures?: boolean;
  recordSuccesses?: boolean;
}

interface InjectionOptions {
  dataDir: string;
  timeScale?: TimeScale;
}

/** Per request: what the request hook made of the request the front passed. */
type Slot = { request?: PassedRequest };

/**
 * One store for every injected server: each request runs in a slot of its own. Node keeps every
 * AsyncLocalStorage that ever ran in a list and visits each one on every promise created, so a
 * store per server (hundreds in a fault run's process) made each promise cost more than the last.
 */
const slots = new AsyncLocalStorage<Slot>();

/**
 * A reference server as `startReference` composes it (the event trigger on, local destinations
 * allowed, port chosen by the system), with the hooks' decorators around its parts.
 */
export async function startReferenceWithFaults(hooks: FaultHooks, options: InjectionOptions) {
  const workspace = hooks.workspace?.(seedWorkspace()) ?? seedWorkspace();
  // A store thrown away with the server: its commits need not reach the disk (schema.ts).
  const store = await openStore(options.dataDir, { durable: false });
  await seedStaticSubscriptions(store, workspace);
  const clock = systemClock();
  const registry = hooks.registry?.(loadVersionRegistry()) ?? loadVersionRegistry();
  const policy = { ...DELIVERY_POLICY, ...hooks.policy };
  const dispatcher = createDispatcher({
    store: routing(recordingHealth(store, hooks), hooks, pauseAfterMs(policy, options.timeScale)),
    clock,
    apps: workspace.apps,
    timeScale: options.timeScale,
    policy,
    audience: hearing(hooks),
    sender: sending(createSender({ allowLocal: true }, clock, policy.attemptTimeout), hooks),
    ...(hooks.debounceKey
      ? { debounceKey: (event: ServiceEvent) => hooks.debounceKey!(event, debounceKey(event)) }
      : {}),
  });
  const handler = await createReferenceHandler(store, workspace, {
    clock,
    dispatcher,
    triggerEvents: true,
    registry,
    resolveToken: resolving(createTokenResolver({ workspace, store, clock }), hooks),
    hub: hooks.hub?.(createEphemeralHub()),
    handlers: passing(HANDLERS, hooks),
  });
  const served = await listen(
    answering(handler, hooks, { dispatcher, store }),
    { port: 0 },
    'reference',
  );
  const close = async () => {
    dispatcher.close();
    await served.close();
    await store.close();
  };
  return { url: served.url, workspace, registry, close };
}

function recordingHealth(store: Store, { recordFailures, recordSuccesses }: FaultHooks): Store {
  const skipped = new Set([
    ...(recordFailures === false ? ['recordDeliveryFailure'] : []),
    ...(recordSuccesses === false ? ['recordDeliverySuccess'] : []),
  ]);
  return new Proxy(store, {
    get: (target, name, receiver) =>
      skipped.has(String(name)) ? async () => undefined : Reflect.get(target, name, receiver),
  });
}

/** How long a failure streak lasts before it pauses a v1 subscription, at the run's scale. */
const pauseAfterMs = (policy: DeliveryPolicy, scale?: TimeScale) =>
  scaledMs(policy.pauseAfterStreak, timeScales(scale).failStreak);

/** The store, with the subscriptions an event goes to decided by the `routes` hook. */
function routing(store: Store, { routes }: FaultHooks, pauseMs: number): Store {
  if (!routes) return store;
  const activeSubscriptions: Store['activeSubscriptions'] = async (app, generation, event) => {
    const all = await store.listSubscriptions(app, generation);
    const active = await store.activeSubscriptions(app, generation, event);
    return routes(
      active,
      all.filter((s) => s.event === event),
      pauseMs,
    );
  };
  return new Proxy(store, {
    get: (target, name, receiver) =>
      name === 'activeSubscriptions' ? activeSubscriptions : Reflect.get(target, name, receiver),
  });
}

function hearing({ hears }: FaultHooks): Audience | undefined {
  if (!hears) return undefined;
  return (event, version, filter) =>
    hears(hearsChatEvent(event, version, filter), event, version, filter);
}

function sending(sender: Sender, { attempt, outcome, duplicate }: FaultHooks): Sender {
  if (!attempt && !outcome && !duplicate) return sender;
  const send: Sender['send'] = async (url, { headers, body }) => {
    // DLV-05: only retries carry their number, so the attempt's number is read from it.
    const number = Number(headers['service-retry-num'] ?? 0) + 1;
    const outgoing = { headers, body: Buffer.from(body).toString(), number, url };
    const changed = attempt?.(outgoing);
    const sent = await sender.send(
      url,
      changed ? { headers: changed.headers, body: Buffer.from(changed.body) } : { headers, body },
    );
    const again = duplicate?.(outgoing);
    if (again) await sender.send(url, { headers: again.headers, body: Buffer.from(again.body) });
    return outcome ? outcome(sent, outgoing) : sent;
  };
  return { ...sender, send };
}

function resolving(resolve: ReferenceTokenResolver, { credential, bearer }: FaultHooks) {
  if (!credential && !bearer) return resolve;
  return async (sent: string) => {
    const token = await resolve(bearer ? bearer(sent) : sent);
    return token && credential ? credential(token) : token;
  };
}

/**
 * Every handler, with the request hook before it; the request it got is kept for the answer hook.
 */
function passing(
  handlers: Record<string, Handler>,
  { request: change }: FaultHooks,
): Record<string, Handler> {
  const through =
    (handler: Handler): Handler =>
    (context) => {
      const request = change ? change(context.request) : context.request;
      const slot = slots.getStore();
      if (slot) slot.request = request;
      return handler({ ...context, request });
    };
  return Object.fromEntries(Object.entries(handlers).map(([key, h]) => [key, through(h)]));
}

function answering(
  handler: Awaited<ReturnType<typeof createReferenceHandler>>,
  { answer: change }: FaultHooks,
  { dispatcher, store }: { dispatcher: Dispatcher; store: Store },
) {
  if (!change) return handler;
  return (req: IncomingMessage, res: Parameters<typeof handler>[1]) => {
    const slot: Slot = {};
    // Attached before the handler runs, in the same turn as the front's own reader: both see every
    // chunk.
    const sent = recordBody(req);
    const rewritten = rewritingAnswers(handler, (answer) =>
      change(answer, exchangeOf(req, slot.request, { dispatcher, store }, sent())),
    );
    return slots.run(slot, () => rewritten(req, res));
  };
}

/** The body of `req` as it arrives, its first MAX_BODY_BYTES kept, read as text when asked. */
function recordBody(req: IncomingMessage): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

function exchangeOf(
  req: IncomingMessage,
  request: PassedRequest | undefined,
  { dispatcher, store }: { dispatcher: Dispatcher; store: Store },
  sent: string,
): Exchange {
  const app = (request?.token as ReferenceToken | undefined)?.app ?? APP;
  return {
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0]!,
    request,
    sent,
    headers: req.headers,
    emit: (event) => void dispatcher.emit(app, event),
    subscribe: (subscription) =>
      void store.upsertSubscription({ ...subscription, app: APP, dynamic: true }).catch(() => {}),
  };
}
