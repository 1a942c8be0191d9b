import { signWebhook } from '../../../src/webhooks/sign.ts';
import { APP, seedWorkspace } from '../../../src/reference/fixtures.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { OutgoingAttempt } from '../fault-injection.ts';

/** The reference app's signing secret: a changed attempt is signed again, so only its ids differ. */
const SECRET = seedWorkspace().apps[APP]!.signingSecret;

/** `a` with its body and `webhook-id` changed, and signed again over them (DLV-03 stays kept). */
function resigned(a: OutgoingAttempt, id: string, body: string = a.body): OutgoingAttempt {
  const timestamp = Number(a.headers['webhook-timestamp']);
  return {
    ...a,
    body,
    headers: { ...a.headers, ...signWebhook({ secret: SECRET, id, timestamp, body }) },
  };
}

/** `a` with the envelope's `eventId` set to what `change` makes of it, signed again. */
function withEventId(a: OutgoingAttempt, change: (eventId: string) => string): OutgoingAttempt {
  const payload = JSON.parse(a.body);
  if (typeof payload?.eventId !== 'string') return a;
  payload.eventId = change(payload.eventId);
  return resigned(a, a.headers['webhook-id']!, JSON.stringify(payload));
}

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const IDENTITY_REDIRECT_FAULTS: Fault[] = [
  {
    // A retry signed under a fresh id: the receiver cannot tell it from a new delivery.
    id: 'new-webhook-id-on-retry',
    requirement: 'DLV-04',
    hooks: () => ({
      attempt: (a) =>
        a.number > 1 ? resigned(a, `msg_retry_${a.number}_${a.headers['webhook-id']}`) : a,
    }),
  },
  {
    id: 'new-event-id-on-retry',
    requirement: 'VER-08',
    hooks: () => ({
      attempt: (a) => (a.number > 1 ? withEventId(a, (id) => `${id}_retry_${a.number}`) : a),
    }),
  },
  {
    id: 'one-event-id-for-every-event',
    requirement: 'VER-08',
    hooks: () => ({ attempt: (a) => withEventId(a, () => 'evt_always_the_same') }),
  },
  {
    // One event to two subscriptions under one webhook-id: two deliveries a receiver dedupes as one.
    id: 'webhook-id-per-event-not-per-delivery',
    requirement: 'DLV-04',
    hooks: () => ({
      attempt: (a) => {
        const eventId = JSON.parse(a.body)?.eventId;
        return typeof eventId === 'string' ? resigned(a, `msg_${eventId}`) : a;
      },
    }),
  },
];
