import { type WebhookVersion, isEnveloped } from '../../webhooks/versions.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  type SubscribedHook,
  carries,
  jsonOf,
  nonce,
  waitMs,
  withHooks,
} from '../reach/deliveries.js';
import type { ScriptedAnswer } from '../callback/receiver.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/** The first attempt the retried hook sees fails, so it is retried; everything after is acked. */
const FAIL_FIRST: ScriptedAnswer[] = [{ status: 503 }, { status: 204 }];

/** The attempts of one delivery: one event to one subscription. */
interface Delivery {
  name: string;
  /** The event's marker, so deliveries of one event are told from those of another. */
  event: string;
  webhookIds: string[];
  /** The envelope's `eventId` of each attempt (undefined where the payload has none). */
  eventIds: unknown[];
}

function deliveryOf(hook: SubscribedHook, event: string, name: string): Delivery {
  const attempts = hook.received.filter((r) => carries(r, event));
  return {
    name,
    event,
    webhookIds: attempts.map((r) => String(r.headers['webhook-id'])),
    eventIds: attempts.map((r) => jsonOf(r)?.eventId),
  };
}

const distinct = (values: unknown[]) => new Set(values.map((v) => JSON.stringify(v))).size;

const EVENT_ID = 'VER-08.event-id';

/**
 * DLV-04, the specification "Delivery" 2: `webhook-id` is identical on every retry and unique per delivery
 * (an event to one subscription: "the event is dropped for that delivery, the subscription is
 * kept"), so two events, or one event to two subscriptions, never share one. Its format is not
 * given: ids are only compared.
 */
function judgeWebhookIds(context: CheckContext, deliveries: Delivery[]): void {
  for (const { name, webhookIds } of deliveries)
    if (distinct(webhookIds) !== 1)
      context.report({
        message: `the attempts of ${name} carry different webhook-ids`,
        expected: 'one id on every attempt',
        actual: webhookIds,
      });
  const firsts = deliveries.map((d) => d.webhookIds[0]);
  if (distinct(firsts) !== deliveries.length)
    context.report({
      message: 'two deliveries (two events, or one event to two subscriptions) share a webhook-id',
      expected: 'a new id per delivery',
      actual: Object.fromEntries(deliveries.map((d) => [d.name, d.webhookIds[0]])),
    });
}

/**
 * VER-08 names the envelope's `eventId` without saying what it identifies: by its name, the event,
 * so a retry repeats it and another event has another (reading `VER-08.event-id`). One event to
 * two subscriptions may carry one eventId or one each: either names the event. Its presence and
 * type are the envelope schema's to judge (closing the hook does).
 */
function judgeEventIds(context: CheckContext, deliveries: Delivery[]): void {
  for (const { name, eventIds } of deliveries)
    if (distinct(eventIds) !== 1)
      context.report({
        requirement: 'VER-08',
        reading: EVENT_ID,
        message: `the attempts of ${name} carry different envelope eventIds`,
        expected: 'one eventId on every attempt',
        actual: eventIds,
      });
  // A payload without an eventId (bare where it should be enveloped) is the envelope schema's
  // finding: two of them share no eventId, they have none.
  const shared = deliveries.some((a) =>
    deliveries.some(
      (b) =>
        a.event !== b.event &&
        a.eventIds[0] !== undefined &&
        JSON.stringify(a.eventIds[0]) === JSON.stringify(b.eventIds[0]),
    ),
  );
  if (shared)
    context.report({
      requirement: 'VER-08',
      reading: EVENT_ID,
      message: 'two different events carry the same envelope eventId',
      expected: 'a new eventId per event',
      actual: Object.fromEntries(deliveries.map((d) => [d.name, d.eventIds[0]])),
    });
}

/**
 * DLV-04 (and VER-08's `eventId`): one `webhook-id` and one `eventId` for every attempt of a
 * delivery, a different `webhook-id` for each delivery and a different `eventId` for each event.
 */
export const dlv04WebhookId: Check = {
  requirements: ['DLV-04', 'VER-08'],
  basis: 'stated',
  title: 'webhook-id and eventId are stable across retries and unique across deliveries',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    // Two subscriptions to one event: the first fails its first attempt, so it is retried.
    const retried = (_: unknown, index: number) => FAIL_FIRST[Math.min(index, 1)]!;
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: retried }, { event: 'meeting.ended' }],
      async ([hook, other]) => {
        const [first, second] = [nonce(), nonce()];
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(first) });
        if (!(await hook!.arrived(2, 5000 + waitMs(context, 1))))
          return context.report({
            message: 'the failed first attempt was not retried',
            expected: 2,
            actual: hook!.received.length,
          });
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(second) });
        await hook!.arrived(3, 5000);
        await other!.arrived(2, 5000);
        const deliveries = [
          deliveryOf(hook!, first, 'the retried event'),
          deliveryOf(hook!, second, 'the second event'),
          deliveryOf(other!, first, 'the retried event to another subscription'),
        ];
        const missing = deliveries.filter((d) => d.webhookIds.length === 0);
        if (missing.length > 0)
          return context.report({
            message: `no attempt arrived of ${missing.map((d) => d.name).join(', ')}`,
          });
        if (deliveries[0]!.webhookIds.length !== 2)
          context.report({
            message: 'the retried event did not arrive exactly twice',
            expected: 2,
            actual: deliveries[0]!.webhookIds.length,
          });
        judgeWebhookIds(context, deliveries);
        if (isEnveloped(context.version as WebhookVersion)) judgeEventIds(context, deliveries);
      },
    );
  },
};
