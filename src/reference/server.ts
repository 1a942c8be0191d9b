import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { createFront } from '../http/front.js';
import { writeJson } from '../http/http-io.js';
import { isIndexRequest, writeIndexPage } from '../http/index-page.js';
import { listen } from '../http/listen.js';
import type { TimeScale } from '../time-scale.js';
import {
  type LoadedDocument,
  sharedDocumentsByVersion,
} from '../validation/documents-by-version.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';
import { createCodeStore } from './authorization-codes.js';
import { type Clock, systemClock } from './clock.js';
import { type Dispatcher, createDispatcher } from './deliveries/dispatcher.js';
import { EVENT_TRIGGER, triggerEvent } from './event-trigger.js';
import { type EphemeralHub, type HubLimits, createEphemeralHub } from './ephemeral-hub.js';
import { isEphemeralStream, streamEphemeral } from './ephemeral-stream.js';
import { APP, type Workspace, frontConfig, seedWorkspace } from './fixtures.js';
import { CONSENT_PATH, consentAnswer } from './handlers/auth-consent.js';
import type { Handler } from './handlers/handler.js';
import { HANDLERS } from './handlers/index.js';
import { lifecycleAt } from './lifecycle.js';
import { type HeadedAnswer, createOperations } from './operations.js';
import { type ReferenceTokenResolver, createTokenResolver } from './resolve-token.js';
import { seedStaticSubscriptions } from './static-subscriptions.js';
import { type Store, openStore } from './store.js';

export interface ReferenceOptions {
  /** Where the store lives; nothing acknowledged is lost on restart. */
  dataDir: string;
  port?: number;
  host?: string;
  workspace?: Workspace;
  /** The versions and their sunset dates; openapi/versions.yaml by default. */
  registry?: VersionRegistry;
  /** The server's time; tests set it to see sunsets come (VER-05). */
  clock?: Clock;
  /** Divides delivery waits, the reaction debounce and the 24-hour fail streak; 1 by default. */
  timeScale?: TimeScale;
  /** Serve the event trigger for test harnesses (off by default: it lets anyone emit events). */
  triggerEvents?: boolean;
  /**
   * A local test environment (SUB-03): subscriptions and deliveries may use plain HTTP, loopback
   * and private addresses. Off by default: only HTTPS to public addresses, checked at subscribe
   * and again on the address each delivery connects to.
   */
  allowLocalDestinations?: boolean;
  /** How delivery destinations' names are resolved; the system resolver by default. */
  lookup?: LookupFunction;
  /**
   * Ephemeral-stream clients allowed at once, per user and in total (MAX_STREAMS_PER_USER,
   * MAX_STREAMS by default).
   */
  ephemeralStreams?: HubLimits;
}

/** The parts a reference handler is made of; each has the server's own by default. */
interface HandlerOptions {
  hub?: EphemeralHub;
  clock?: Clock;
  registry?: VersionRegistry;
  dispatcher?: Dispatcher;
  triggerEvents?: boolean;
  /** What a bearer token stands for: the workspace's credentials, then the store's OAuth grants. */
  resolveToken?: ReferenceTokenResolver;
  /** The operations by generation, method and path: `HANDLERS`. */
  handlers?: Record<string, Handler>;
}

type HandlerParts = Required<HandlerOptions>;

/** A small, real implementation of the Service: the shared front, then handlers over the store. */
export async function createReferenceHandler(
  store: Store,
  workspace: Workspace,
  options: HandlerOptions = {},
) {
  const parts = partsOf(store, workspace, options);
  const versions = parts.registry.versions.map((v) => v.version);
  const documents = sharedDocumentsByVersion();
  const index = indexOf(workspace, parts, documents);
  const answer = createAnswerer(store, workspace, parts, documents);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (isIndexRequest(req)) return writeIndexPage(req, res, index);
    // The recipient's client stream: the reference server's own route, not part of the contract.
    if (isEphemeralStream(req)) return streamEphemeral(req, res, parts);
    if (parts.triggerEvents && pathOf(req) === EVENT_TRIGGER)
      return triggerEvent(req, res, APP, parts.dispatcher, versions);
    const { status, headers, body } = await answer(req);
    writeJson(res, status, headers, body);
  };
}

function partsOf(store: Store, workspace: Workspace, options: HandlerOptions): HandlerParts {
  const clock = options.clock ?? systemClock();
  return {
    hub: options.hub ?? createEphemeralHub(),
    clock,
    registry: options.registry ?? loadVersionRegistry(),
    dispatcher: options.dispatcher ?? createDispatcher({ store, clock, apps: workspace.apps }),
    triggerEvents: options.triggerEvents ?? false,
    resolveToken: options.resolveToken ?? createTokenResolver({ workspace, store, clock }),
    handlers: options.handlers ?? HANDLERS,
  };
}

/**
 * The front's configuration, its versions' lifecycle read at every request so it follows the clock.
 */
function liveConfig(workspace: Workspace, { registry, clock }: HandlerParts) {
  return {
    ...frontConfig(workspace),
    get versions() {
      return lifecycleAt(registry, clock.nowSeconds());
    },
  };
}

/**
 * What the index page shows; the getter keeps its statuses following the clock, as the front's do.
 */
function indexOf(
  workspace: Workspace,
  parts: HandlerParts,
  documents: ReadonlyMap<string, LoadedDocument>,
) {
  const config = liveConfig(workspace, parts);
  return {
    server: 'Service reference server',
    registry: parts.registry,
    get overrides() {
      return config.versions;
    },
    documents,
    tokens: workspace.tokens,
  };
}

/**
 * The answer to a request of the contract: the consent form's, the front's own, or its operation's.
 */
function createAnswerer(
  store: Store,
  workspace: Workspace,
  parts: HandlerParts,
  documents: ReadonlyMap<string, LoadedDocument>,
): (req: IncomingMessage) => Promise<HeadedAnswer> {
  const { clock, registry } = parts;
  const codes = createCodeStore();
  const front = createFront(liveConfig(workspace, parts), registry, documents, parts.resolveToken);
  const { hub, dispatcher } = parts;
  const context = { store, workspace, hub, clock, codes, registry, dispatcher };
  const operate = createOperations(parts.handlers, context);
  return async (req) => {
    // The consent form of the OAuth authorize page: the reference server's own route (AUTH-05).
    if (pathOf(req) === CONSENT_PATH) return consentAnswer(req, { codes, clock });
    const checked = await front(req);
    return checked.kind === 'answer' ? checked : operate(req, checked);
  };
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0]!;
}

export { EPHEMERAL_STREAM } from './ephemeral-stream.js';

/** Opens the store, seeds the static subscriptions, and serves on loopback. */
export async function startReference(options: ReferenceOptions) {
  const workspace = options.workspace ?? seedWorkspace();
  const store = await openStore(options.dataDir);
  await seedStaticSubscriptions(store, workspace);
  const clock = options.clock ?? systemClock();
  const dispatcher = createDispatcher({
    store,
    clock,
    apps: workspace.apps,
    timeScale: options.timeScale,
    destinations: { allowLocal: options.allowLocalDestinations ?? false, lookup: options.lookup },
  });
  const hub = createEphemeralHub(options.ephemeralStreams);
  const { registry, triggerEvents } = options;
  const handler = await createReferenceHandler(store, workspace, {
    ...{ hub, clock, registry, dispatcher, triggerEvents },
  });
  const served = await listen(handler, options, 'reference');
  const close = async () => {
    dispatcher.close();
    await served.close();
    await store.close();
  };
  return { ...served, store, workspace, dispatcher, hub, close };
}
