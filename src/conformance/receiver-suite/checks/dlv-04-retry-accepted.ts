import { randomUUID } from 'node:crypto';
import type { ReceiverCheck } from '../check.js';
import { expectAccepted } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-04', 'DLV-05'],
  title: 'a retried delivery (same webhook-id, retry headers) is acknowledged again',
  basis: 'implied',
  description:
    'Implied, not stated: a sender retries a delivery whose 2xx it did not get in time (DLV-06, ' +
    'DLV-08) with the same webhook-id and the retry headers (DLV-04, DLV-05), and the specification says to ' +
    'use webhook-id for de-duplication. A receiver that refuses the repeat with a 4xx turns a ' +
    'handled event into a failed delivery. The same delivery is sent twice, the second time as ' +
    'retry 1 after http_5xx, freshly stamped and signed.',
  async run(context) {
    const id = `msg_${randomUUID()}`;
    const event = context.events[0]!;
    const body = JSON.stringify(context.payload(event));
    const first = await context.send({ id, event, body });
    if (!expectAccepted(context, first, 'the first attempt', 'DLV-01')) return;
    const retry = await context.send({ id, event, body, retry: { num: 1, reason: 'http_5xx' } });
    expectAccepted(context, retry, 'the retry of a delivery already acknowledged');
  },
};
