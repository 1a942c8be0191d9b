import type { PassedRequest } from '../../http/front.ts';
import type { CodeStore } from '../authorization-codes.ts';
import type { Clock } from '../clock.ts';
import type { Dispatcher } from '../deliveries/dispatcher.ts';
import type { EphemeralHub } from '../ephemeral-hub.ts';
import type { Workspace } from '../fixtures.ts';
import type { Store } from '../store.ts';
import type { VersionRegistry } from '../../versions.ts';

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

/** What an operation answers; the server adds the version headers. */
export interface HandlerAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Handler = (context: HandlerContext) => Promise<HandlerAnswer>;
