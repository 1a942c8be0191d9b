import { randomBytes, randomUUID } from 'node:crypto';
import { type Diagnostic, diagnostic } from '../../diagnostic.js';
import type { RetryReason } from '../../webhooks/delivery.js';
import { parseSecret } from '../../webhooks/secret.js';
import { signature } from '../../webhooks/sign.js';
import { signedDelivery } from '../../webhooks/signed-delivery.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import { eventsOf, payloadOf } from '../../samples/payloads.js';
import { type Outcome, sendDelivery } from './send.js';

/**
 * How long the suite waits for an answer whose time it does not judge; a check that judges the
 * acknowledgement waits the spec's 3 s (`ANSWER_WITHIN_MS`, DLV-08).
 */
const PATIENCE_MS = 10_000;

/** One delivery to send: a valid, signed first attempt of the version's first event by default. */
export interface DeliveryInput {
  event?: string;
  /** The exact body; the event's payload as JSON unless given. */
  body?: string;
  id?: string;
  /** `webhook-timestamp`, Unix seconds; now unless given. */
  timestamp?: number;
  /** The `webhook-signature` to send instead of the valid one, which it is given. */
  signature?: (valid: string) => string;
  /** Delivery headers to leave out (DLV-02). */
  omit?: readonly string[];
  /** Sent as a retry, with `Service-Retry-Num` and `Service-Retry-Reason` (DLV-05). */
  retry?: { num: 1 | 2 | 3; reason: RetryReason };
  timeoutMs?: number;
}

/** Everything a receiver check reaches: the version under test, deliveries to send, findings. */
export interface ReceiverContext {
  version: WebhookVersion;
  /** The events of the version, each with a sample payload. */
  events: string[];
  /** A fresh copy of the payload a subscription of this version gets for `event`. */
  payload(event: string): Record<string, unknown>;
  /**
   * `v1,<base64>` over `{id}.{timestamp}.{body}` (DLV-03), with the receiver's secret unless
   * another is given.
   */
  sign(id: string, timestamp: number, body: string, secret?: string): string;
  /** A valid secret other than the receiver's. */
  otherSecret: string;
  send(input?: DeliveryInput): Promise<Outcome>;
  /**
   * Keeps the answer to a delivery the receiver must acknowledge (`expectAccepted` does): the
   * runner looks at them all to tell a receiver that refused every one with 401 why that may be.
   */
  noteValidAnswer(outcome: Outcome): void;
  /** Records a finding; a check that reported an error fails. */
  report(
    finding: Pick<Diagnostic, 'message'> &
      Partial<Pick<Diagnostic, 'requirement' | 'expected' | 'actual' | 'location' | 'severity'>>,
  ): void;
}

export interface ReceiverTarget {
  /** The receiver's URL; `{version}` and `{event}` in it are filled in per delivery. */
  url: string;
  /** The receiver's signing secret, `whsec_...` (AUTH-12). */
  secret: string;
  /** Runs one request when there is room (`concurrencyLimit`). */
  schedule: <T>(task: () => Promise<T>) => Promise<T>;
  /** The status of each answer to a delivery that must be acknowledged (none: no answer). */
  validAnswers: Array<number | undefined>;
}

/** A context for one check at one version, and the findings it collects. */
export function createReceiverContext(
  check: { id: string; requirements: readonly string[]; optIn?: true },
  version: WebhookVersion,
  target: ReceiverTarget,
): { context: ReceiverContext; findings: Diagnostic[] } {
  const findings: Diagnostic[] = [];
  const events = eventsOf(version);
  const context: ReceiverContext = {
    version,
    events,
    payload: (event) => payloadOf(version, event),
    sign: (id, timestamp, body, secret = target.secret) => sign(secret, id, timestamp, body),
    otherSecret: `whsec_${randomBytes(24).toString('base64')}`,
    send: (input = {}) => target.schedule(() => send(target, version, events[0]!, input)),
    noteValidAnswer: (outcome) => void target.validAnswers.push(outcome.status),
    report: ({ message, requirement, severity, ...details }) =>
      findings.push(
        diagnostic(check.id, message, {
          ...details,
          // A finding names the requirement it breaks, the check's first unless it says another.
          requirement: requirement ?? check.requirements[0],
          // An opt-in check judges a reading the specification does not state: it may warn, never fail.
          severity: check.optIn ? 'warning' : severity,
          version,
        }),
      ),
  };
  return { context, findings };
}

function sign(secret: string, id: string, timestamp: number, body: string): string {
  const parsed = parseSecret(secret);
  // The secrets are checked before a run starts; a broken one signs nothing valid.
  if ('problem' in parsed) return 'v1,';
  return signature(parsed.key, id, timestamp, body);
}

async function send(
  target: ReceiverTarget,
  version: WebhookVersion,
  firstEvent: string,
  input: DeliveryInput,
): Promise<Outcome> {
  const event = input.event ?? firstEvent;
  const id = input.id ?? `msg_${randomUUID()}`;
  // The delivery as the service sends it (DLV-01..05, VER-14), then what the check changes.
  const { body, headers } = signedDelivery({
    secret: target.secret,
    version,
    payload: input.body === undefined ? payloadOf(version, event) : undefined,
    body: input.body,
    id,
    timestamp: input.timestamp,
    retry: input.retry && { number: input.retry.num, reason: input.retry.reason },
  });
  if (input.signature)
    headers['webhook-signature'] = input.signature(headers['webhook-signature']!);
  for (const name of input.omit ?? []) delete headers[name];
  const url = target.url
    .replaceAll('{version}', encodeURIComponent(version))
    .replaceAll('{event}', encodeURIComponent(event));
  const outcome = await sendDelivery(url, headers, body, input.timeoutMs ?? PATIENCE_MS);
  return { event, id, ...outcome };
}
