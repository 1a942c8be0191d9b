import { lookup as systemLookup } from 'node:dns';
import { EventEmitter } from 'node:events';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { RetryReason } from '../../webhooks/delivery.js';
import {
  type DestinationPolicy,
  PUBLIC_HTTPS_ONLY,
  addressProblem,
  destinationProblem,
} from '../destination-url.js';
import { retryAfterSeconds } from './retry-after.js';

/** How one attempt ended, as the retry policy sees it (DLV-01, DLV-06..08). */
export type AttemptOutcome =
  | { kind: 'acknowledged'; status: number }
  | { kind: 'retryable'; reason: RetryReason; status?: number; retryAfter?: number }
  | { kind: 'rejected'; status: number }
  /** The destination policy refused the URL or the address it resolved to: nothing was sent. */
  | { kind: 'refused'; problem: string };

/** What deliveries are sent with: the destination policy and the connections that enforce it. */
export interface DeliveryClient {
  policy: DestinationPolicy;
  agent: Agent;
  /**
   * The policy's verdict per URL (null: allowed), so a busy destination is not classified per
   * attempt.
   */
  verdicts: Map<string, string | null>;
}

/** URLs whose verdict is kept; past this the cache starts over, so it stays small. */
const MAX_VERDICTS = 4096;

export interface DeliveryClientOptions {
  /**
   * Allow loopback and private destinations, over plain HTTP when the URL names a local host (a
   * local test environment); off by default.
   */
  allowLocal?: boolean;
  /** How destination names are resolved; the system resolver by default. */
  lookup?: LookupFunction;
}

/**
 * A client whose every connection resolves its host through the destination policy: the address
 * checked is the address connected to, so a public name that DNS points at 127.0.0.1 or the
 * metadata address is refused at send time (SUB-03), not only URLs that say so.
 */
export function createDeliveryClient({
  allowLocal = false,
  lookup = systemLookup as LookupFunction,
}: DeliveryClientOptions = {}): DeliveryClient {
  const policy = allowLocal ? { allowLocal } : PUBLIC_HTTPS_ONLY;
  return {
    policy,
    agent: new Agent({ connect: { lookup: checkedLookup(policy, lookup) } }),
    verdicts: new Map(),
  };
}

/** Why a connection was not made: the destination policy refused the address. */
export class DestinationRefusedError extends Error {
  readonly code = 'ERR_DESTINATION_REFUSED';
}

/**
 * `lookup`, then the policy on every address it gives: one refused address refuses the name, since
 * the connection may go to any of them. Answers as `lookup` was asked, one address or all.
 */
export function checkedLookup(policy: DestinationPolicy, lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = Array.isArray(found)
        ? found
        : [{ address: found, family: options.family === 6 ? 6 : 4 }];
      const problem =
        addresses.length === 0
          ? `${hostname} resolves to no address`
          : addresses.map((a) => addressProblem(a.address, policy)).find(Boolean);
      if (problem) return callback(new DestinationRefusedError(`${hostname}: ${problem}`), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

let strictClient: DeliveryClient | undefined;

/**
 * The policy's verdict on a URL, as `destinationProblem` gives it: the same for the same string.
 */
function urlProblem({ policy, verdicts }: DeliveryClient, url: string): string | undefined {
  const known = verdicts.get(url);
  if (known !== undefined) return known ?? undefined;
  const problem = destinationProblem(url, policy);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(url, problem ?? null);
  return problem;
}

/**
 * One POST of a delivery, with undici. Any 2xx acknowledges; transport errors (including no answer
 * within the timeout), 5xx and 429 may be retried; anything else fails at once. Redirects are not
 * followed: a 3xx is not an acknowledgement. A destination the policy refuses, by its URL or by
 * the address its name resolves to, is not contacted and fails at once with the reason.
 */
export async function sendAttempt(
  url: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  timeoutMs: number,
  nowMs: number,
  client?: DeliveryClient,
): Promise<AttemptOutcome> {
  const sender = client ?? (strictClient ??= createDeliveryClient());
  // Also at send time: a row stored before the policy, or a static subscription, is held to it too.
  const problem = urlProblem(sender, url);
  if (problem) return { kind: 'refused', problem };
  // DLV-08: one timer bounds the whole attempt, connection included. undici takes an emitter as
  // its abort signal, which is far cheaper to make per attempt than an AbortSignal.
  const abort = new EventEmitter();
  const timer = setTimeout(() => abort.emit('abort'), timeoutMs);
  try {
    const response = await request(url, {
      method: 'POST',
      headers,
      body,
      signal: abort,
      dispatcher: sender.agent,
    });
    // Read the answer so the connection can be reused; what it says does not matter.
    await response.body.dump();
    return classify(response.statusCode, response.headers['retry-after'], nowMs);
  } catch (error) {
    if (error instanceof DestinationRefusedError)
      return { kind: 'refused', problem: error.message };
    return { kind: 'retryable', reason: 'transport' };
  } finally {
    clearTimeout(timer);
  }
}

function classify(
  status: number,
  retryAfterHeader: string | string[] | undefined,
  nowMs: number,
): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: 'acknowledged', status };
  // DLV-07: only 429 and 503 may say how long to wait.
  const header = Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader;
  const retryAfter =
    status === 429 || status === 503 ? retryAfterSeconds(header ?? null, nowMs) : undefined;
  if (status === 429) return { kind: 'retryable', reason: 'http_429', status, retryAfter };
  if (status >= 500) return { kind: 'retryable', reason: 'http_5xx', status, retryAfter };
  return { kind: 'rejected', status };
}
