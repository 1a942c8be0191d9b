import { randomUUID } from 'node:crypto';
import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03'],
  title: 'a delivery whose body differs from what was signed is refused',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 3): receivers reject deliveries failing verification. The ' +
    "signature is the receiver's own over the payload; one field is then added to the body sent.",
  async run(context) {
    const id = `msg_${randomUUID()}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const payload = context.payload(context.events[0]!);
    const signed = JSON.stringify(payload);
    const outcome = await context.send({
      id,
      timestamp,
      body: JSON.stringify({ ...payload, tampered: true }),
      signature: () => context.sign(id, timestamp, signed),
    });
    expectRejected(context, outcome, 'a delivery with a changed body');
  },
};
