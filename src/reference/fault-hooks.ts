import type { PassedRequest } from '../http/front.js';
import type { DeliveryPolicy } from './deliveries/policy.js';
import type { ServiceEvent } from './deliveries/service-event.js';
import type { ReferenceToken } from './fixtures.js';
import type { HandlerAnswer } from './handlers/handler.js';

/** What an answer hook sees of the exchange: the request as the front passed it, if it did. */
export interface Exchange {
  method: string;
  /** The URL path, without the query. */
  path: string;
  request?: PassedRequest;
  /** Emits an event of the caller's app, as the service's own actions do. */
  emit(event: ServiceEvent): void;
}

/** One delivery attempt just before it is sent. */
export interface OutgoingAttempt {
  headers: Record<string, string>;
  body: string;
  /** 1 for the first attempt. */
  number: number;
}

/**
 * Points where a test can make the reference server depart from the spec on purpose, to prove a
 * conformance check can fail (the fault catalogue of test/conformance). Every hook is a transform
 * that is the identity when absent; the server never sets them itself.
 */
export interface FaultHooks {
  /** What a credential is, once resolved. */
  credential?(token: ReferenceToken): ReferenceToken;
  /** A request the front passed, before its handler sees it. */
  request?(request: PassedRequest): PassedRequest;
  /** An answer before it is written, the front's own included. */
  answer?(
    answer: HandlerAnswer & { headers: Record<string, string> },
    exchange: Exchange,
  ): HandlerAnswer & { headers: Record<string, string> };
  /** The delivery policy, in part. */
  policy?: Partial<DeliveryPolicy>;
  /** A delivery attempt before it is sent. */
  attempt?(attempt: OutgoingAttempt): OutgoingAttempt;
  /** Whether a subscription of `version` hears a chat event, given what the rules decided. */
  hears?(heard: boolean, event: ServiceEvent, version: string): boolean;
  /** Set to false to stop recording that outcome in the subscription's health. */
  recordFailures?: boolean;
  recordSuccesses?: boolean;
}
