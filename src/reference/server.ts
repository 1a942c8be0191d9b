import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { type PassedRequest, createFront } from '../http/front.js';
import { ownEntry } from '../http/front-config.js';
import type { TimeScale } from '../time-scale.js';
import { writeJson } from '../http/http-io.js';
import { internalError } from '../http/internal-error.js';
import { isIndexRequest, writeIndexPage } from '../http/index-page.js';
import { listen } from '../http/listen.js';
import { loadDocumentsByVersion } from '../validation/documents-by-version.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';
import { createCodeStore } from './authorization-codes.js';
import { type Clock, systemClock } from './clock.js';
import { type Dispatcher, createDispatcher } from './deliveries/dispatcher.js';
import type { ServiceEvent } from './deliveries/service-event.js';
import type { FaultHooks } from './fault-hooks.js';
import { EVENT_TRIGGER, triggerEvent } from './event-trigger.js';
import { type EphemeralHub, type HubLimits, createEphemeralHub } from './ephemeral-hub.js';
import { isEphemeralStream, streamEphemeral } from './ephemeral-stream.js';
import { lifecycleAt } from './lifecycle.js';
import {
  APP,
  type ReferenceToken,
  type Workspace,
  frontConfig,
  seedWorkspace,
} from './fixtures.js';
import { CONSENT_PATH, consentAnswer } from './handlers/auth-consent.js';
import { HANDLERS } from './handlers/index.js';
import { createTokenResolver } from './resolve-token.js';
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
  /** Departures from the spec, for tests that prove conformance checks can fail; none by default. */
  faults?: FaultHooks;
  /**
   * A local test environment (SUB-03): subscriptions and deliveries may use plain HTTP, loopback
   * and private addresses. Off by default: only HTTPS to public addresses, checked at subscribe
   * and again on the address each delivery connects to.
   */
  allowLocalDestinations?: boolean;
  /** How delivery destinations' names are resolved; the system resolver by default. */
  lookup?: LookupFunction;
  /** Ephemeral-stream clients allowed at once, per user and in total (MAX_STREAMS_PER_USER, MAX_STREAMS by default). */
  ephemeralStreams?: HubLimits;
}

interface HandlerOptions {
  hub?: EphemeralHub;
  clock?: Clock;
  registry?: VersionRegistry;
  dispatcher?: Dispatcher;
  triggerEvents?: boolean;
  faults?: FaultHooks;
}

/** A small, real implementation of the Service: the shared front, then handlers over the store. */
export async function createReferenceHandler(
  store: Store,
  workspace: Workspace,
  {
    hub = createEphemeralHub(),
    clock = systemClock(),
    registry = loadVersionRegistry(),
    dispatcher = createDispatcher({ store, clock, apps: workspace.apps }),
    triggerEvents = false,
    faults = {},
  }: HandlerOptions = {},
) {
  const versions = registry.versions.map((v) => v.version);
  const codes = createCodeStore();
  const resolveToken = createTokenResolver({ workspace, store, clock, faults });
  // Read at every request, so a version's lifecycle follows the clock.
  const config = {
    ...frontConfig(workspace),
    get versions() {
      return lifecycleAt(registry, clock.nowSeconds());
    },
  };
  const documents = loadDocumentsByVersion();
  const front = createFront(config, registry, documents, resolveToken);
  // The getter keeps the index's statuses following the clock, as the front's do.
  const index = {
    server: 'Service reference server',
    registry,
    get overrides() {
      return config.versions;
    },
    documents,
    tokens: workspace.tokens,
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (isIndexRequest(req)) return writeIndexPage(req, res, index);
    // The recipient's client stream: the reference server's own route, not part of the contract.
    if (isEphemeralStream(req)) return streamEphemeral(req, res, { hub, resolveToken });
    if (triggerEvents && req.url?.split('?')[0] === EVENT_TRIGGER)
      return triggerEvent(req, res, APP, dispatcher, versions);
    // The consent form of the OAuth authorize page: the reference server's own route (AUTH-05).
    if (req.url?.split('?')[0] === CONSENT_PATH)
      return writeAnswer(
        req,
        res,
        await consentAnswer(req, { codes, clock }),
        undefined,
        faults,
        dispatcher,
      );
    const checked = await front(req);
    if (checked.kind === 'answer')
      return writeAnswer(req, res, checked, undefined, faults, dispatcher);
    const request = faults.request ? faults.request(checked.request) : checked.request;
    const { headers } = checked;
    const handler = ownEntry(HANDLERS, `${request.generation} ${request.method} ${request.path}`);
    if (!handler)
      return writeAnswer(
        req,
        res,
        {
          status: 501,
          headers,
          body:
            request.generation === 'v0'
              ? { code: 'not_implemented' }
              : { error: 'not_implemented' },
        },
        request,
        faults,
        dispatcher,
      );
    // The front let only known credentials through; the OAuth endpoints carry none.
    const app = (request.token as ReferenceToken | undefined)?.app ?? '';
    const answer = await handler({
      request,
      app,
      store,
      workspace,
      hub,
      clock,
      codes,
      registry,
      dispatcher,
    }).catch((error: unknown) => internalError('reference', req, error, request.generation, {}));
    writeAnswer(
      req,
      res,
      { status: answer.status, headers: { ...headers, ...answer.headers }, body: answer.body },
      request,
      faults,
      dispatcher,
    );
  };
}

type Answer = { status: number; headers: Record<string, string>; body?: unknown };

/** Writes an answer, through the answer fault hook when a test set one (FaultHooks). */
function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  request: PassedRequest | undefined,
  faults: FaultHooks,
  dispatcher: Dispatcher,
): void {
  if (!faults.answer) return writeJson(res, answer.status, answer.headers, answer.body);
  const app = (request?.token as ReferenceToken | undefined)?.app ?? APP;
  const exchange = {
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0]!,
    request,
    emit: (event: ServiceEvent) => void dispatcher.emit(app, event),
  };
  const faulty = faults.answer({ ...answer, headers: { ...answer.headers } }, exchange);
  writeJson(res, faulty.status, faulty.headers ?? {}, faulty.body);
}

export { EPHEMERAL_STREAM } from './ephemeral-stream.js';

/** Opens the store, seeds the static subscriptions, and serves on loopback. */
export async function startReference(options: ReferenceOptions) {
  const workspace = options.workspace ?? seedWorkspace();
  const store = await openStore(options.dataDir);
  for (const s of workspace.staticSubscriptions) {
    await store.upsertSubscription({
      app: s.app,
      generation: 'v1',
      event: s.event,
      url: s.url,
      filter: null,
      dynamic: false,
    });
  }
  const clock = options.clock ?? systemClock();
  const destinations = {
    allowLocal: options.allowLocalDestinations ?? false,
    lookup: options.lookup,
  };
  const dispatcher = createDispatcher({
    store,
    clock,
    apps: workspace.apps,
    timeScale: options.timeScale,
    faults: options.faults,
    destinations,
  });
  const hub = createEphemeralHub(options.ephemeralStreams);
  const handler = await createReferenceHandler(store, workspace, {
    hub,
    clock,
    registry: options.registry,
    dispatcher,
    triggerEvents: options.triggerEvents,
    faults: options.faults,
  });
  const served = await listen(handler, options, 'reference');
  return {
    ...served,
    store,
    workspace,
    dispatcher,
    hub,
    close: async () => {
      dispatcher.close();
      await served.close();
      await store.close();
    },
  };
}
