import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { scaledMs } from '../../time-scale.js';
import type { Clock } from '../clock.js';
import type { AttemptOutcome } from './attempt.js';
import { attemptHeaders } from './attempt-headers.js';
import type { HealthRecorder } from './health.js';
import type { DeliveryPolicy } from './policy.js';
import { type EventIdentity, renderPayload } from './render.js';
import { retryWait } from './retry-wait.js';
import type { Route } from './router.js';
import type { Sender } from './sender.js';
import type { ServiceEvent } from './service-event.js';

/** How one delivery ended: acknowledged, failed (health updated), or cancelled by shutdown. */
export interface DeliveryReport {
  subscriptionId: string;
  webhookId: string;
  attempts: number;
  outcome: 'acknowledged' | 'failed' | 'cancelled';
  /** Why a failed delivery was not sent: the destination policy's reason. */
  problem?: string;
}

/** What a delivery is made with. */
export interface DeliveryParts {
  clock: Clock;
  policy: DeliveryPolicy;
  sender: Sender;
  health: HealthRecorder;
  /** The signing key of an app (AUTH-12). */
  signingKey: (app: string) => Buffer;
  /** Divides the retry waits; 1 is real time. */
  retryScale: number;
  /** Aborted at shutdown: no further attempt starts, and waiting retries end. */
  closing: AbortSignal;
}

type Ending = Pick<DeliveryReport, 'outcome' | 'problem'>;
type Delivery = (
  app: string,
  route: Route,
  event: ServiceEvent,
  identity: EventIdentity,
) => Promise<DeliveryReport>;

/**
 * Delivers an event to one subscription: rendered in its version, signed per Standard Webhooks,
 * attempted and retried per the specification's policy (DLV-01..09). Retries live in memory, as the spec
 * says they may.
 */
export function createDelivery(parts: DeliveryParts): Delivery {
  return async (app, { subscription, version }, event, identity) => {
    // Encoded once: the signature and the request are over the same bytes.
    const body = Buffer.from(JSON.stringify(renderPayload(event, version, identity)));
    // DLV-04: one id per event and subscription, the same on every retry.
    const webhookId = `msg_${randomUUID()}`;
    let previous: AttemptOutcome | undefined;
    for (let attempt = 1; ; attempt += 1) {
      if (parts.closing.aborted) return report(subscription.id, webhookId, attempt - 1, CANCELLED);
      const headers = attemptHeaders({
        webhookId,
        timestamp: parts.clock.nowSeconds(),
        key: parts.signingKey(app),
        body,
        version,
        retry: retryOf(previous, attempt),
      });
      const outcome = await parts.sender.send(subscription.url, { headers, body });
      // Closed while the attempt was out: the store may be gone, so nothing is recorded.
      if (parts.closing.aborted) return report(subscription.id, webhookId, attempt, CANCELLED);
      // Most deliveries end here: no further await for them (see npm run bench).
      const ending = endingOf(parts, subscription.id, outcome, attempt);
      if (ending) return report(subscription.id, webhookId, attempt, await ending);
      previous = outcome;
      const waited = await wait(parts, retryWait(parts.policy, attempt, retryAfterOf(outcome)));
      if (!waited) return report(subscription.id, webhookId, attempt, CANCELLED);
    }
  };
}

const ACKNOWLEDGED: Ending = { outcome: 'acknowledged' };
const CANCELLED: Ending = { outcome: 'cancelled' };
const FAILED: Ending = { outcome: 'failed' };

/** The report of an ended delivery, built once: no copies of partial reports per delivery. */
function report(
  subscriptionId: string,
  webhookId: string,
  attempts: number,
  { outcome, problem }: Ending,
): DeliveryReport {
  const ended: DeliveryReport = { subscriptionId, webhookId, attempts, outcome };
  if (problem !== undefined) ended.problem = problem;
  return ended;
}

/**
 * How an attempt ends its delivery, with the health recorded; undefined when a retry follows. An
 * acknowledgement ends at once: its success is written behind (HEALTH-02).
 */
function endingOf(
  { policy, health }: DeliveryParts,
  subscriptionId: string,
  outcome: AttemptOutcome,
  attempt: number,
): Ending | Promise<Ending> | undefined {
  if (outcome.kind === 'acknowledged') {
    health.success(subscriptionId);
    return ACKNOWLEDGED;
  }
  // A refused destination stays refused: retrying would only ask DNS again.
  if (outcome.kind === 'refused') return failed(health, subscriptionId, outcome.problem);
  if (outcome.kind === 'retryable' && attempt < policy.attempts) return undefined;
  // DLV-09: the event is dropped; the subscription stays, and its health records the failure.
  return failed(health, subscriptionId);
}

/** HEALTH-01, HEALTH-03: a failed delivery is recorded before its report, a success is not. */
async function failed(health: HealthRecorder, subscriptionId: string, problem?: string) {
  await health.failure(subscriptionId);
  return problem === undefined ? FAILED : { outcome: 'failed' as const, problem };
}

/** DLV-05: the retry an attempt is, after a retryable outcome; none for the first attempt. */
function retryOf(previous: AttemptOutcome | undefined, attempt: number) {
  return previous?.kind === 'retryable'
    ? { number: attempt - 1, reason: previous.reason }
    : undefined;
}

function retryAfterOf(outcome: AttemptOutcome): number | undefined {
  return outcome.kind === 'retryable' ? outcome.retryAfter : undefined;
}

/** Waits `seconds` of service time; false when shutdown ended the wait. */
async function wait(parts: DeliveryParts, seconds: number): Promise<boolean> {
  try {
    await sleep(scaledMs(seconds, parts.retryScale), undefined, { signal: parts.closing });
    return true;
  } catch {
    return false;
  }
}
