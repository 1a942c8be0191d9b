import type { HttpAnswer } from '../../http-answer.js';
import type { PassedRequest } from '../../http/front.js';
import type { CodeStore } from '../authorization-codes.js';
import type { Clock } from '../clock.js';
import type { Dispatcher } from '../deliveries/dispatcher.js';
import type { EphemeralHub } from '../ephemeral-hub.js';
import type { Workspace } from '../fixtures.js';
import type { Store } from '../store.js';
import type { VersionRegistry } from '../../versions.js';

export interface HandlerContext {
  request: PassedRequest;
  /** The app the credential belongs to: whose subscriptions these are. */
  app: string;
  store: Store;
  workspace: Workspace;
  hub: EphemeralHub;
  clock: Clock;
  codes: CodeStore;
  registry: VersionRegistry;
  /** Sends the events the service's own actions produce. */
  dispatcher: Dispatcher;
}

/** An operation's code: its answer, to which the server adds the headers the front decided. */
export type Handler = (context: HandlerContext) => Promise<HttpAnswer>;
